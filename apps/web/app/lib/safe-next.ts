import { safeNextPath } from '@soko/domain/safe-next'

/**
 * The sign-in page that brings the shopper back to `path` afterwards. Guards build it from the URL that was asked
 * for, which anyone can write (`//evil.example/accounts`): it goes through the same check as the sign-in page's own.
 */
export function loginUrl(path: string): string {
  const next = safeNextPath(path)
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`
}
