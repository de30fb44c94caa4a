import type { z } from 'zod'

export type ListParams = Record<string, string | number | boolean | null | undefined>

/**
 * The API query of an admin list from the page's URL (`?q=&status=&page=`), checked with the contract's own
 * schema: a parameter the API would refuse (`page=0`, an unknown status) is dropped instead of failing the page.
 */
export function listQuery<S extends z.ZodType<ListParams>>(schema: S, search: URLSearchParams): z.infer<S> {
  const raw: Record<string, string> = {}
  for (const [key, value] of search) if (value !== '') raw[key] = value
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(raw)
    if (result.success) return result.data
    for (const issue of result.error.issues) {
      const key = issue.path[0]
      if (typeof key === 'string' && key in raw) delete raw[key]
      else return schema.parse({})
    }
  }
  return schema.parse({})
}
