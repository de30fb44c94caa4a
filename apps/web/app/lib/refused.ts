import { isRouteErrorResponse } from 'react-router'

/**
 * Why a page's request was refused (a loader's 400: the API's own words, e.g. 'Text may not contain NUL
 * characters.'), or null when the error is something else. Trying again would not help, so screens say this instead.
 */
export function refusedBecause(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 400) return null
  return typeof error.data === 'string' && error.data !== ''
    ? error.data
    : 'The address asks for something that cannot be read.'
}
