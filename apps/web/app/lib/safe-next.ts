/**
 * Where to go after signing in: a path on this site taken from `?next=`, else the home page. Anything that could
 * leave the site (`//evil.example`, `https://...`, `/\evil`, control characters) is refused.
 */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\\]/.test(value)) return fallback
  try {
    const url = new URL(value, 'http://soko.invalid')
    if (url.origin !== 'http://soko.invalid') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}

/** The sign-in page that brings the shopper back to `path` afterwards. */
export function loginUrl(path: string): string {
  return path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`
}
