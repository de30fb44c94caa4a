import { redirect } from 'react-router'
import { ApiError } from '../../lib/api-client.ts'
import { loginUrl } from '../../lib/safe-next.ts'

/** The path the browser asked for (a client navigation asks for `<path>.data`), to come back to after sign-in. */
function askedPath(request: Request): string {
  const url = new URL(request.url)
  return url.pathname.replace(/\.data$/, '') || '/'
}

/**
 * A vendor API read for a portal screen's loader (`vendorLoad(request, call(key, input, { context }))`). The portal's
 * guard runs beside it: when the API answers 401 or 403 this sends the browser where the guard does (sign-in, or
 * /sell to open a shop), and a missing record (another shop's product) becomes a 404, and a refused request a 400
 * that says why.
 */
export async function vendorLoad<T>(request: Request, answer: Promise<T>): Promise<T> {
  try {
    return await answer
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) throw redirect(loginUrl(askedPath(request)))
      if (error.status === 403) throw redirect('/sell')
      if (error.status === 404) throw new Response(error.detail, { status: 404 })
      // A request the API refuses (a crafted link: a NUL character in the search words) is the page's own 400.
      if (error.status === 400) throw new Response(error.detail, { status: 400 })
    }
    throw error
  }
}
