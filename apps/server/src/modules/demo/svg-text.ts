import { round } from './silhouettes.ts'

// Text in the demo pictures' SVG: widths estimated without a font engine, wrapping, truncation, XML escaping.

export const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

/**
 * Advance widths of printable ASCII (space..~) in DejaVu Sans Bold at 100px: the widest of the fonts we ask for, so
 * estimates made with it never underestimate what Liberation Sans or Arial would draw.
 */
const ASCII_WIDTHS = [
  35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84,
  84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 68, 71, 81, 77, 110, 77, 72,
  73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 41, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65,
  92, 65, 65, 58, 71, 37, 71, 84,
]

const ELLIPSIS = '\u2026'

function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0
  const ascii = code >= 32 && code < 127 ? ASCII_WIDTHS[code - 32] : undefined
  if (ascii !== undefined) return ascii / 100
  if (code === 0x2026) return 1
  if (code >= 0x2e80) return 1.05 // CJK, emoji and other wide glyphs
  return 0.8
}

/** Estimated width of `text` in font-size units (multiply by the font size). */
export function textWidth(text: string): number {
  let width = 0
  for (const char of text) width += charWidth(char)
  return width
}

/** Removes characters XML cannot carry (controls, lone surrogates) or fonts will not draw (emoji), collapses whitespace. */
export function cleanText(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code === 0x09 || code === 0x0a || code === 0x0d) out += ' '
    else if (!isDropped(code)) out += char
  }
  return out.replace(/\s+/g, ' ').trim()
}

function isDropped(code: number): boolean {
  return (
    code < 0x20 ||
    code === 0x7f ||
    (code >= 0xd800 && code <= 0xdfff) || // a lone surrogate (pairs arrive as one code point)
    code === 0xfffe ||
    code === 0xffff ||
    // Emoji need a colour font the server may not have; drawn without one they are empty boxes.
    (code >= 0x1f000 && code <= 0x1faff) ||
    (code >= 0xe0020 && code <= 0xe007f) ||
    code === 0x200d ||
    code === 0xfe0e ||
    code === 0xfe0f
  )
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** Cuts `text` so that it plus an ellipsis fits in `maxWidth` (font-size units). */
function truncate(text: string, maxWidth: number): string {
  const chars = Array.from(text)
  let width = charWidth(ELLIPSIS)
  let end = 0
  while (end < chars.length) {
    const next = width + charWidth(chars[end] ?? '')
    if (next > maxWidth) break
    width = next
    end++
  }
  return `${chars.slice(0, end).join('').trimEnd()}${ELLIPSIS}`
}

/**
 * Greedy word wrap into at most `maxLines` lines of at most `maxWidth` font-size units each; a word too long for a
 * line is broken, and text left over after the last line is cut with an ellipsis.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number): { lines: string[]; truncated: boolean } {
  const lines: string[] = []
  let current = ''
  const pieces = text.split(' ').filter((word) => word !== '')
  const queue = [...pieces]
  while (queue.length > 0) {
    const word = queue.shift() ?? ''
    const candidate = current === '' ? word : `${current} ${word}`
    if (textWidth(candidate) <= maxWidth) {
      current = candidate
      continue
    }
    if (current !== '') {
      lines.push(current)
      current = ''
      queue.unshift(word)
      continue
    }
    // A single word wider than the line: split it where it stops fitting.
    const chars = Array.from(word)
    let fit = 1
    while (fit < chars.length && textWidth(chars.slice(0, fit + 1).join('')) <= maxWidth) fit++
    lines.push(chars.slice(0, fit).join(''))
    const rest = chars.slice(fit).join('')
    if (rest !== '') queue.unshift(rest)
  }
  if (current !== '') lines.push(current)
  if (lines.length <= maxLines) return { lines, truncated: false }
  const kept = lines.slice(0, maxLines - 1)
  kept.push(truncate(lines.slice(maxLines - 1).join(' '), maxWidth))
  return { lines: kept, truncated: true }
}

export function textLines(
  lines: readonly string[],
  x: number,
  firstBaseline: number,
  lineHeight: number,
  attributes: string,
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${round(firstBaseline + index * lineHeight)}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join('')
}
