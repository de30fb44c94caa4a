// Where to send someone back to after signing in (`?next=`, the Google sign-in's return path): only a path on this
// site. Anything that a browser, a proxy or our own code could read as another site lands on the home page.
//
// The hole to avoid is normalising and then returning the result: `new URL('/.//evil', base).pathname` is `//evil`,
// which a browser reads as the host `evil`. So nothing here normalises: the value is decoded (repeatedly: each layer
// of `%25` is one more decode some component may do) only to be inspected, and refused when any decoded form could
// leave the site; what is returned is the value as given, with only the characters a URL cannot hold escaped.

const HOME = '/'
const MAX_LENGTH = 2048
/** `/%252F` needs two decodes; an ordinary link never needs more than a few. */
const MAX_DECODES = 4

/** The path part, decoded: printable ASCII from `/` on, no backslash (no space, control or look-alike character). */
const PATH = /^\/[\x21-\x5b\x5d-\x7e]*$/
/** Control characters and line or paragraph separators: never in a link someone followed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
/** What a URL may hold as it is; everything else is percent-encoded in the value returned. */
const NEEDS_ESCAPE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]/gu

/** One layer of percent-decoding; null when a percent-encoded run is not UTF-8 (no real link has one). */
function decodeOnce(text: string): string | null {
  let isMalformed = false
  const decoded = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      isMalformed = true
      return run
    }
  })
  return isMalformed ? null : decoded
}

/** Every form `text` takes as it is decoded again and again, itself first; null when they do not settle soon. */
function decodedForms(text: string): string[] | null {
  const forms = [text]
  for (let round = 0; round < MAX_DECODES; round++) {
    const current = forms[forms.length - 1] as string
    const next = decodeOnce(current)
    if (next === null) return null
    if (next === current) return forms
    forms.push(next)
  }
  return null
}

/** A path no reader takes for another site: no `//` (a host), no `.` or `..` segment (`/.//evil` becomes `//evil`). */
function isSafePath(path: string): boolean {
  if (!PATH.test(path) || path.includes('//')) return false
  return path.split('/').every((segment) => segment !== '.' && segment !== '..')
}

/**
 * A path on this site to go to, from an untrusted `next`: the value itself when it is one (`/accounts/orders?page=2#x`
 * stays as it is), else `/`. Refused when any decoded form of its path has a scheme, a host (`//`, `/\`, `/.//`),
 * a backslash, whitespace, a control or non-ASCII character, or a dot segment, or when its query or fragment holds a
 * control character or a backslash. A search's words may hold spaces and any letters: they are percent-encoded.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return HOME
  const split = value.search(/[?#]/)
  const path = split === -1 ? value : value.slice(0, split)
  const rest = split === -1 ? '' : value.slice(split)
  const pathForms = decodedForms(path)
  if (!pathForms?.every(isSafePath)) return HOME
  const restForms = decodedForms(rest)
  if (!restForms || restForms.some((form) => CONTROL.test(form) || form.includes('\\'))) return HOME
  try {
    return value.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(NEEDS_ESCAPE, (char) => encodeURIComponent(char))
  } catch {
    // A lone surrogate: not text a browser could have put in a link.
    return HOME
  }
}
