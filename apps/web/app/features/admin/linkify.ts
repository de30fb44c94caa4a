/** A piece of plain text: words as they are, or an http(s) address to show as a link. */
export type TextPart = { text: string } | { href: string }

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g
/** Sentence punctuation after an address belongs to the sentence ('see https://x.example/a.'). */
const TRAILING = /[.,;:!?)\]}]+$/

function isUrl(text: string): boolean {
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

/**
 * Splits an email's plain text into words and http(s) addresses, so the outbox can make the addresses clickable
 * while every other character stays text (never HTML, whatever the mail says).
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING, '')
    const start = match.index
    if (href.length <= 'https://'.length || !isUrl(href)) continue
    if (start > last) parts.push({ text: text.slice(last, start) })
    parts.push({ href })
    last = start + href.length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}
