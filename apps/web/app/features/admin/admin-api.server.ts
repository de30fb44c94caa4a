import { type AppLoadContext, redirect } from 'react-router'
import type { z } from 'zod'
import { ApiError, api } from '../../lib/api-client.ts'
import { loginUrl } from '../../lib/safe-next.ts'
import { apiPath, type ListParams, listQuery } from './list-query.ts'

/**
 * An admin API read for a screen's loader. The admin-only guard runs beside it: when the API answers 401 or 403
 * this sends the browser where the guard does (sign-in, or the home page), a missing record becomes a 404 and a
 * refused request a 400 that says why.
 */
export async function adminLoad<T>(request: Request, context: AppLoadContext, path: string): Promise<T> {
  try {
    return await api<T>(path, { context })
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

/** A page of an admin list for a screen's loader: the page's `?q=&status=&page=` checked with the list's schema. */
export function adminListLoad<T>(
  request: Request,
  context: AppLoadContext,
  schema: z.ZodType<ListParams>,
  base: string,
): Promise<T> {
  return adminLoad<T>(request, context, apiPath(base, listQuery(schema, new URL(request.url).searchParams)))
}
