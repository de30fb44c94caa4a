import { redirect } from 'react-router'
import type { z } from 'zod'
import { ApiError } from '../../lib/api-client.ts'
import { loginUrl } from '../../lib/safe-next.ts'
import { type ListParams, listQuery } from './list-query.ts'

/**
 * An admin API read for a screen's loader (`adminLoad(request, call(key, input, { context }))`). The admin-only guard
 * runs beside it: when the API answers 401 or 403 this sends the browser where the guard does (sign-in, or the home
 * page), a missing record becomes a 404 and a refused request a 400 that says why.
 */
export async function adminLoad<T>(request: Request, answer: Promise<T>): Promise<T> {
  try {
    return await answer
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect(loginUrl(new URL(request.url).pathname.replace(/\.data$/, '')))
      if (error.status === 403) throw redirect('/')
      if (error.status === 404) throw new Response(error.detail, { status: 404 })
      // A request the API refuses (a crafted link: a NUL character in the search words) is the page's own 400.
      if (error.status === 400) throw new Response(error.detail, { status: 400 })
    }
    throw error
  }
}

/** The API query of an admin list from the page's own `?q=&status=&page=`, checked with the list's schema. */
export function adminListQuery<S extends z.ZodType<ListParams>>(request: Request, schema: S): z.infer<S> {
  return listQuery(schema, new URL(request.url).searchParams)
}
