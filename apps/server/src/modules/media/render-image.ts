import sharp from 'sharp'

/**
 * Placeholder imagery for the demo catalogue, drawn in code: an SVG is composed from the spec (soft gradient from
 * the hue, a stylised silhouette picked from the title's keywords, caption or banner text) and rasterised by sharp
 * straight at the target size, then encoded as WebP. Deterministic: the same spec and size give the same bytes.
 */

export type ImageSize = 'thumbnail' | 'medium' | 'original'

/** Pixel widths: thumbnail 200, medium 600, original 1200; square for products and categories, 1600x600 style wide for banners (original 1600x600, medium 800x300, thumbnail 400x150). */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { thumbnail: 200, medium: 600, original: 1200 }

const BANNER_SIZES: Record<ImageSize, { width: number; height: number }> = {
  thumbnail: { width: 400, height: 150 },
  medium: { width: 800, height: 300 },
  original: { width: 1600, height: 600 },
}

export interface ProductImageSpec {
  kind: 'product' | 'category' | 'banner'
  title: string
  subtitle?: string
  /** 0-359 */
  hue: number
  /** 0..3: image index within a product, changes layout/angle so a product's gallery images differ */
  variant: number
}

/** Pixel dimensions of the image `renderImage` produces for a kind and size. */
export function imageDimensions(kind: ProductImageSpec['kind'], size: ImageSize): { width: number; height: number } {
  if (kind === 'banner') return BANNER_SIZES[size]
  const side = IMAGE_WIDTHS[size]
  return { width: side, height: side }
}

/** Renders one size as WebP (quality ~78, effort low enough to be fast). */
export async function renderImage(spec: ProductImageSpec, size: ImageSize): Promise<Buffer> {
  const svg = composeSvg(spec, size)
  return sharp(Buffer.from(svg), { density: 72 }).removeAlpha().webp({ quality: 78, effort: 2 }).toBuffer()
}

/** The SVG document `renderImage` rasterises (exported for debugging and tests). */
export function composeSvg(spec: ProductImageSpec, size: ImageSize): string {
  const hue = normaliseHue(spec.hue)
  const variant = normaliseVariant(spec.variant)
  const title = cleanText(spec.title)
  const subtitle = spec.subtitle === undefined ? '' : cleanText(spec.subtitle)
  const { width, height } = imageDimensions(spec.kind, size)
  // A banner or category titled "Back to school" can still take its object from a subtitle like "Books & bags".
  const fromTitle = pickSilhouette(title)
  const silhouette = fromTitle === 'box' && spec.kind !== 'product' ? pickSilhouette(subtitle) : fromTitle
  const body =
    spec.kind === 'banner'
      ? bannerBody(title, subtitle, hue, variant, silhouette, size)
      : squareBody(spec.kind, title, subtitle, hue, variant, silhouette, size)
  const viewBox = spec.kind === 'banner' ? '0 0 1600 600' : '0 0 600 600'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`
}

// ---------------------------------------------------------------------------------------------------------------
// Keyword → silhouette

export type Silhouette =
  | 'phone'
  | 'laptop'
  | 'tv'
  | 'shirt'
  | 'dress'
  | 'fabric'
  | 'shoe'
  | 'pot'
  | 'sack'
  | 'bottle'
  | 'book'
  | 'ball'
  | 'plant'
  | 'baby'
  | 'box'

const KEYWORDS: Record<Exclude<Silhouette, 'box'>, readonly string[]> = {
  phone: [
    'phone',
    'smartphone',
    'iphone',
    'simu',
    'mobile',
    'tablet',
    'ipad',
    'tecno',
    'infinix',
    'itel',
    'samsung',
    'galaxy',
    'redmi',
    'xiaomi',
    'oppo',
    'nokia',
    'pixel',
  ],
  laptop: [
    'laptop',
    'computer',
    'macbook',
    'chromebook',
    'pc',
    'desktop',
    'electronic',
    'electronics',
    'speaker',
    'radio',
    'headphone',
    'earphone',
    'microphone',
    'router',
    'printer',
    'keyboard',
    'charger',
    'gadget',
  ],
  tv: ['tv', 'television', 'monitor', 'screen', 'smart-tv', 'projector', 'decoder'],
  shirt: ['shirt', 'tshirt', 't-shirt', 'tee', 'blouse', 'jacket', 'hoodie', 'sweater', 'polo', 'nguo', 'clothing'],
  dress: ['dress', 'kitenge', 'chitenge', 'ankara', 'skirt', 'gown', 'fashion', 'maxi'],
  fabric: [
    'kikoy',
    'kanga',
    'khanga',
    'leso',
    'fabric',
    'cloth',
    'textile',
    'shuka',
    'scarf',
    'wrap',
    'sarong',
    'towel',
  ],
  shoe: ['shoe', 'sneaker', 'trainer', 'boot', 'sandal', 'akala', 'viatu', 'footwear', 'heel', 'loafer', 'slipper'],
  pot: [
    'pot',
    'sufuria',
    'jiko',
    'cooker',
    'pan',
    'cookware',
    'kitchen',
    'kettle',
    'stove',
    'saucepan',
    'wok',
    'teapot',
  ],
  sack: [
    'bag',
    'sack',
    'flour',
    'unga',
    'rice',
    'mchele',
    'maize',
    'mahindi',
    'sugar',
    'sukari',
    'beans',
    'maharagwe',
    'grain',
    'grocery',
    'groceries',
    'food',
    'wheat',
    'ngano',
    'kiondo',
    'charcoal',
    'makaa',
  ],
  bottle: [
    'bottle',
    'oil',
    'mafuta',
    'lotion',
    'shampoo',
    'perfume',
    'cream',
    'juice',
    'water',
    'soap',
    'sanitiser',
    'sanitizer',
    'beauty',
    'cosmetic',
    'cosmetics',
    'health',
    'drink',
    'beverage',
    'sauce',
    'honey',
  ],
  book: ['book', 'kitabu', 'vitabu', 'novel', 'textbook', 'notebook', 'dictionary', 'stationery', 'magazine', 'bible'],
  ball: [
    'ball',
    'football',
    'mpira',
    'sport',
    'sports',
    'soccer',
    'basketball',
    'volleyball',
    'rugby',
    'netball',
    'gym',
  ],
  plant: [
    'plant',
    'seed',
    'mbegu',
    'fertiliser',
    'fertilizer',
    'mbolea',
    'seedling',
    'garden',
    'farm',
    'farming',
    'agriculture',
    'agri',
    'agrovet',
    'herb',
    'tree',
    'flower',
  ],
  baby: ['baby', 'mtoto', 'toddler', 'infant', 'diaper', 'nappy', 'pram', 'stroller', 'kid', 'kids', 'toy', 'watoto'],
}

const KEYWORD_INDEX: ReadonlyMap<string, Silhouette> = new Map(
  Object.entries(KEYWORDS).flatMap(([silhouette, words]) => words.map((word) => [word, silhouette as Silhouette])),
)

/** Compound words like "smartphone", "headphones" or "tablecloth" are recognised by their ending. */
const SUFFIXES: readonly (readonly [string, Silhouette])[] = [
  ['phone', 'phone'],
  ['phones', 'laptop'],
  ['shirt', 'shirt'],
  ['dress', 'dress'],
  ['cloth', 'fabric'],
  ['shoe', 'shoe'],
  ['shoes', 'shoe'],
  ['book', 'book'],
  ['ball', 'ball'],
  ['bag', 'sack'],
  ['bottle', 'bottle'],
]

function matchWord(word: string): Silhouette | undefined {
  const candidates = [word]
  if (word.endsWith('es')) candidates.push(word.slice(0, -2))
  if (word.endsWith('s')) candidates.push(word.slice(0, -1))
  for (const candidate of candidates) {
    const found = KEYWORD_INDEX.get(candidate)
    if (found !== undefined) return found
  }
  for (const [suffix, silhouette] of SUFFIXES) {
    if (word.length > suffix.length && word.endsWith(suffix)) return silhouette
  }
  return undefined
}

/** Swahili associative particles ("unga wa ngano", "jiko la makaa"): the noun before them is the head. */
const SWAHILI_OF = new Set(['wa', 'ya', 'la', 'cha', 'vya', 'za', 'kwa'])

/**
 * Picks the silhouette drawn for a title. English names put the noun that says what the thing is last ("rice cooker"
 * is a pot, "baby lotion" a bottle), so words are read from the end; Swahili names put it first ("jiko la makaa" is a
 * stove), so with an associative particle the words before it are read first.
 */
export function pickSilhouette(title: string): Silhouette {
  const words = title.toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []
  const particle = words.findIndex((word, index) => index > 0 && SWAHILI_OF.has(word))
  const ordered = particle === -1 ? words : [...words.slice(particle + 1), ...words.slice(0, particle)]
  for (let i = ordered.length - 1; i >= 0; i--) {
    const word = ordered[i]
    if (word === undefined) continue
    const found = matchWord(word) ?? (word.includes('-') ? matchHyphenated(word) : undefined)
    if (found !== undefined) return found
  }
  return 'box'
}

function matchHyphenated(word: string): Silhouette | undefined {
  const parts = word.split('-')
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]
    const found = part === undefined || part === '' ? undefined : matchWord(part)
    if (found !== undefined) return found
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Text helpers

const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

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
function cleanText(text: string): string {
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

function textLines(
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

// ---------------------------------------------------------------------------------------------------------------
// Colour

function normaliseHue(hue: number): number {
  return Number.isFinite(hue) ? ((Math.round(hue) % 360) + 360) % 360 : 0
}

function normaliseVariant(variant: number): number {
  return Number.isFinite(variant) ? ((Math.floor(variant) % 4) + 4) % 4 : 0
}

/** `hsl(h, s%, l%)` as a hex colour (hex is understood by every SVG renderer). */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360
  const s = saturation / 100
  const l = lightness / 100
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number): string => {
    let x = t
    if (x < 0) x += 1
    if (x > 1) x -= 1
    let v: number
    if (x < 1 / 6) v = p + (q - p) * 6 * x
    else if (x < 1 / 2) v = q
    else if (x < 2 / 3) v = p + (q - p) * (2 / 3 - x) * 6
    else v = p
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`
}

interface Palette {
  hue: number
  main: string
  dark: string
  light: string
  pale: string
  accent: string
  accent2: string
  ink: string
}

function palette(hue: number): Palette {
  return {
    hue,
    main: hsl(hue, 58, 46),
    dark: hsl(hue, 45, 24),
    light: hsl(hue, 70, 72),
    pale: hsl(hue, 65, 93),
    accent: hsl(hue + 165, 70, 52),
    accent2: hsl(hue + 45, 90, 60),
    ink: hsl(hue, 45, 15),
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

// ---------------------------------------------------------------------------------------------------------------
// Silhouettes: each drawn around (0, 0) within roughly ±200 × ±190 units.

/** Gradients and patterns the silhouettes refer to. */
function silhouetteDefs(p: Palette): string {
  return [
    `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(p.hue, 12, 62)}"/><stop offset="0.35" stop-color="${hsl(p.hue, 15, 90)}"/><stop offset="0.7" stop-color="${hsl(p.hue, 12, 70)}"/><stop offset="1" stop-color="${hsl(p.hue, 14, 50)}"/></linearGradient>`,
    `<linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.main}"/></linearGradient>`,
    `<radialGradient id="sphere" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="${hsl(p.hue, 25, 92)}"/><stop offset="1" stop-color="${hsl(p.hue, 25, 72)}"/></radialGradient>`,
    `<pattern id="kitenge" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="${p.main}"/><path d="M24 4 L44 24 L24 44 L4 24 Z" fill="${p.accent2}"/><path d="M24 14 L34 24 L24 34 L14 24 Z" fill="${p.dark}"/><circle cx="24" cy="24" r="4" fill="${p.pale}"/><circle cx="0" cy="0" r="7" fill="${p.accent}"/><circle cx="48" cy="0" r="7" fill="${p.accent}"/><circle cx="0" cy="48" r="7" fill="${p.accent}"/><circle cx="48" cy="48" r="7" fill="${p.accent}"/></pattern>`,
    `<clipPath id="ballclip"><circle r="168"/></clipPath>`,
    `<pattern id="stripes" width="60" height="120" patternUnits="userSpaceOnUse"><rect width="60" height="120" fill="${p.pale}"/><rect width="60" height="34" fill="${p.main}"/><rect y="42" width="60" height="8" fill="${p.accent2}"/><rect y="60" width="60" height="18" fill="${p.dark}"/><rect y="90" width="60" height="6" fill="${p.accent}"/></pattern>`,
  ].join('')
}

const SILHOUETTES: Record<Silhouette, (p: Palette) => string> = {
  phone: (p) =>
    `<rect x="-98" y="-182" width="196" height="364" rx="34" fill="${p.dark}"/>` +
    `<rect x="-92" y="-176" width="184" height="352" rx="29" fill="none" stroke="${hsl(p.hue, 20, 60)}" stroke-width="3"/>` +
    `<rect x="-82" y="-160" width="164" height="320" rx="18" fill="url(#screen)"/>` +
    `<rect x="-28" y="-152" width="56" height="14" rx="7" fill="${p.dark}"/>` +
    [0, 1, 2]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) =>
            `<rect x="${-64 + col * 46}" y="${-110 + row * 48}" width="34" height="34" rx="9" fill="#ffffff" fill-opacity="${0.55 - row * 0.1}"/>`,
        ),
      )
      .join('') +
    `<rect x="-64" y="60" width="126" height="16" rx="8" fill="#ffffff" fill-opacity="0.5"/>` +
    `<rect x="-64" y="88" width="90" height="12" rx="6" fill="#ffffff" fill-opacity="0.35"/>` +
    `<rect x="-36" y="140" width="72" height="6" rx="3" fill="#ffffff" fill-opacity="0.8"/>` +
    `<path d="M-82 -40 L40 -160 H82 V-120 L-82 40 Z" fill="#ffffff" fill-opacity="0.12"/>`,
  laptop: (p) =>
    `<rect x="-172" y="-150" width="344" height="228" rx="16" fill="${p.dark}"/>` +
    `<rect x="-156" y="-134" width="312" height="192" rx="6" fill="url(#screen)"/>` +
    `<rect x="-140" y="-118" width="120" height="14" rx="7" fill="#ffffff" fill-opacity="0.6"/>` +
    `<rect x="-140" y="-92" width="180" height="80" rx="8" fill="#ffffff" fill-opacity="0.3"/>` +
    `<rect x="52" y="-92" width="88" height="80" rx="8" fill="#ffffff" fill-opacity="0.45"/>` +
    `<rect x="-140" y="4" width="280" height="10" rx="5" fill="#ffffff" fill-opacity="0.35"/>` +
    `<rect x="-140" y="24" width="200" height="10" rx="5" fill="#ffffff" fill-opacity="0.25"/>` +
    `<path d="M-156 -30 L-40 -134 H20 L-156 24 Z" fill="#ffffff" fill-opacity="0.1"/>` +
    `<path d="M-200 78 H200 L222 112 Q224 124 210 124 H-210 Q-224 124 -222 112 Z" fill="url(#metal)"/>` +
    `<rect x="-40" y="78" width="80" height="10" rx="4" fill="${hsl(p.hue, 12, 55)}"/>`,
  tv: (p) =>
    `<rect x="-200" y="-150" width="400" height="250" rx="10" fill="${p.dark}"/>` +
    `<rect x="-188" y="-138" width="376" height="220" rx="4" fill="url(#screen)"/>` +
    `<circle cx="-60" cy="-40" r="70" fill="#ffffff" fill-opacity="0.25"/>` +
    `<path d="M-188 82 L-80 -10 L-10 50 L70 -40 L188 60 V82 Z" fill="${p.dark}" fill-opacity="0.35"/>` +
    `<path d="M-188 -40 L-90 -138 H-30 L-188 20 Z" fill="#ffffff" fill-opacity="0.12"/>` +
    `<rect x="-14" y="100" width="28" height="50" fill="${hsl(p.hue, 15, 35)}"/>` +
    `<path d="M-110 150 H110 Q120 150 120 160 V166 H-120 V160 Q-120 150 -110 150 Z" fill="${hsl(p.hue, 15, 30)}"/>`,
  shirt: (p) =>
    `<path d="M-62 -160 L-172 -112 L-140 -20 L-100 -40 L-100 170 H100 V-40 L140 -20 L172 -112 L62 -160 Q0 -100 -62 -160 Z" fill="url(#kitenge)" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-62 -160 Q0 -100 62 -160 L48 -166 Q0 -120 -48 -166 Z" fill="${p.dark}"/>` +
    `<path d="M-100 -40 L-140 -20 L-146 -38 L-104 -58 Z" fill="${p.dark}" fill-opacity="0.5"/>` +
    `<path d="M100 -40 L140 -20 L146 -38 L104 -58 Z" fill="${p.dark}" fill-opacity="0.5"/>`,
  dress: (p) =>
    `<path d="M-58 -176 L-44 -176 Q0 -140 44 -176 L58 -176 L70 -70 Q50 -50 52 -36 L170 160 Q0 200 -170 160 L-52 -36 Q-50 -50 -70 -70 Z" fill="url(#kitenge)" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-60 -50 Q0 -32 60 -50 L64 -28 Q0 -10 -64 -28 Z" fill="${p.accent2}" stroke="${p.dark}" stroke-width="3"/>` +
    `<path d="M-170 160 Q0 200 170 160 L164 148 Q0 186 -164 148 Z" fill="${p.dark}" fill-opacity="0.6"/>`,
  fabric: (p) =>
    `<g transform="translate(18 -70)"><rect x="-170" y="-60" width="320" height="110" rx="12" fill="url(#stripes)" stroke="${p.dark}" stroke-width="4"/></g>` +
    `<rect x="-170" y="-10" width="340" height="130" rx="14" fill="url(#stripes)" stroke="${p.dark}" stroke-width="4"/>` +
    `<path d="M-170 50 H170" stroke="${p.dark}" stroke-opacity="0.25" stroke-width="3"/>` +
    `<path d="${Array.from({ length: 22 }, (_, i) => `M${-158 + i * 15} 120 v26`).join(' ')}" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>`,
  shoe: (p) =>
    `<path d="M-184 62 L-188 -26 Q-188 -70 -160 -76 Q-112 -62 -66 -90 L-46 -124 Q-30 -136 -14 -120 L44 -52 Q124 -34 172 -8 Q198 8 198 40 V62 Z" fill="url(#body)" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-188 -26 Q-188 -70 -160 -76 Q-150 -40 -150 10 Q-170 30 -186 34 Z" fill="${p.dark}" fill-opacity="0.45"/>` +
    `<path d="M110 -24 Q170 -8 190 20 Q150 30 118 14 Z" fill="${p.dark}" fill-opacity="0.25"/>` +
    `<path d="M-156 -74 Q-112 -58 -66 -88" fill="none" stroke="${p.dark}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M-36 -100 L-58 -76 M-14 -78 L-38 -56 M8 -58 L-16 -36 M30 -40 L6 -18" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M-140 34 C-80 20 -10 -2 80 4 C40 14 -40 30 -140 48 Z" fill="${p.accent2}"/>` +
    `<path d="M-194 56 H202 V78 Q202 100 178 100 H-170 Q-194 100 -194 80 Z" fill="#ffffff" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-190 80 H198" stroke="${p.dark}" stroke-opacity="0.3" stroke-width="4"/>`,
  pot: (p) =>
    `<path d="M-150 -40 L-190 -52 Q-204 -40 -192 -26 L-150 -18 Z" fill="${p.dark}"/>` +
    `<path d="M150 -40 L190 -52 Q204 -40 192 -26 L150 -18 Z" fill="${p.dark}"/>` +
    `<path d="M-150 -60 V110 Q-150 150 -110 150 H110 Q150 150 150 110 V-60 Z" fill="url(#metal)"/>` +
    `<ellipse cx="0" cy="-60" rx="162" ry="26" fill="${hsl(p.hue, 12, 84)}" stroke="${hsl(p.hue, 12, 55)}" stroke-width="5"/>` +
    `<path d="M-156 -66 Q0 -176 156 -66 Q0 -44 -156 -66 Z" fill="${p.main}"/>` +
    `<path d="M-110 -88 Q-40 -130 20 -134" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="10" stroke-linecap="round"/>` +
    `<rect x="-26" y="-150" width="52" height="28" rx="12" fill="${p.dark}"/>` +
    `<path d="M-150 60 H150" stroke="${hsl(p.hue, 12, 55)}" stroke-opacity="0.6" stroke-width="4"/>`,
  sack: (p) =>
    `<path d="M-118 -128 Q-144 -150 -112 -170 Q0 -150 112 -170 Q144 -150 118 -128 L152 134 Q156 170 120 170 H-120 Q-156 170 -152 134 Z" fill="${hsl(p.hue, 30, 93)}" stroke="${hsl(p.hue, 25, 60)}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-112 -136 Q0 -118 112 -136" fill="none" stroke="${hsl(p.hue, 25, 60)}" stroke-width="4" stroke-dasharray="10 8"/>` +
    `<rect x="-100" y="-70" width="200" height="170" rx="14" fill="${p.main}"/>` +
    `<rect x="-100" y="58" width="200" height="22" fill="${p.accent2}"/>` +
    `<path d="M0 30 V-46" stroke="${p.pale}" stroke-width="6" stroke-linecap="round"/>` +
    [-34, -14, 6]
      .map(
        (y) =>
          `<ellipse cx="-14" cy="${y}" rx="9" ry="16" transform="rotate(-30 -14 ${y})" fill="${p.pale}"/><ellipse cx="14" cy="${y}" rx="9" ry="16" transform="rotate(30 14 ${y})" fill="${p.pale}"/>`,
      )
      .join('') +
    `<path d="M-140 0 Q-146 80 -150 140" fill="none" stroke="#000000" stroke-opacity="0.06" stroke-width="22"/>`,
  bottle: (p) =>
    `<rect x="-34" y="-190" width="68" height="44" rx="8" fill="${p.dark}"/>` +
    `<rect x="-26" y="-150" width="52" height="42" fill="${hsl(p.hue, 40, 85)}"/>` +
    `<path d="M-26 -110 C-26 -78 -88 -78 -88 -36 V150 Q-88 178 -60 178 H60 Q88 178 88 150 V-36 C88 -78 26 -78 26 -110 Z" fill="url(#body)" stroke="${p.dark}" stroke-width="4"/>` +
    `<rect x="-88" y="-4" width="176" height="110" fill="#ffffff" fill-opacity="0.92"/>` +
    `<rect x="-88" y="-4" width="176" height="18" fill="${p.accent2}"/>` +
    `<circle cx="0" cy="50" r="22" fill="${p.main}"/>` +
    `<rect x="-50" y="82" width="100" height="8" rx="4" fill="${p.dark}" fill-opacity="0.4"/>` +
    `<path d="M-62 -40 V140" stroke="#ffffff" stroke-opacity="0.4" stroke-width="12" stroke-linecap="round"/>`,
  book: (p) =>
    `<rect x="-108" y="-160" width="248" height="324" rx="6" fill="${hsl(p.hue, 30, 95)}" stroke="${hsl(p.hue, 20, 70)}" stroke-width="3"/>` +
    `<path d="M130 -150 V154 M122 -152 V156" stroke="${hsl(p.hue, 20, 78)}" stroke-width="2"/>` +
    `<rect x="-128" y="-176" width="248" height="328" rx="8" fill="${p.main}"/>` +
    `<rect x="-128" y="-176" width="34" height="328" rx="6" fill="${p.dark}"/>` +
    `<rect x="-70" y="-130" width="160" height="10" rx="5" fill="${p.accent2}"/>` +
    `<rect x="-70" y="-100" width="120" height="22" rx="6" fill="${p.pale}"/>` +
    `<rect x="-70" y="-66" width="90" height="14" rx="6" fill="${p.pale}" fill-opacity="0.7"/>` +
    `<circle cx="12" cy="50" r="54" fill="${p.light}"/>` +
    `<path d="M-30 80 L10 30 L34 60 L50 42 L70 80 Z" fill="${p.dark}" fill-opacity="0.6"/>` +
    `<rect x="-70" y="118" width="140" height="10" rx="5" fill="${p.pale}" fill-opacity="0.6"/>`,
  ball: (p) => {
    const pentagon = (cx: number, cy: number, r: number, rotate: number): string =>
      `<path d="${Array.from({ length: 5 }, (_, i) => {
        const a = ((rotate + i * 72 - 90) * Math.PI) / 180
        return `${i === 0 ? 'M' : 'L'}${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`
      }).join(' ')} Z" fill="${p.dark}"/>`
    const outer = Array.from({ length: 5 }, (_, i) => {
      const a = ((i * 72 - 90) * Math.PI) / 180
      return pentagon(round(150 * Math.cos(a)), round(150 * Math.sin(a)), 50, 36)
    }).join('')
    const seams = Array.from({ length: 5 }, (_, i) => {
      const a = ((i * 72 - 90) * Math.PI) / 180
      return `M${round(48 * Math.cos(a))} ${round(48 * Math.sin(a))} L${round(112 * Math.cos(a))} ${round(112 * Math.sin(a))}`
    }).join(' ')
    return (
      `<circle r="170" fill="url(#sphere)"/>` +
      `<g clip-path="url(#ballclip)">${pentagon(0, 0, 52, 0)}${outer}<path d="${seams}" stroke="${p.dark}" stroke-width="5"/></g>` +
      `<circle r="170" fill="none" stroke="${hsl(p.hue, 25, 55)}" stroke-width="4"/>` +
      `<ellipse cx="-60" cy="-80" rx="50" ry="30" transform="rotate(-35 -60 -80)" fill="#ffffff" fill-opacity="0.45"/>`
    )
  },
  plant: (p) => {
    const leaf = (angle: number, length: number, shade: number): string =>
      `<path d="M0 0 Q${round(length * 0.32)} ${round(-length * 0.5)} 0 ${-length} Q${round(-length * 0.32)} ${round(-length * 0.5)} 0 0 Z" transform="translate(0 30) rotate(${angle})" fill="${hsl(105 + ((p.hue % 40) - 20) / 2, 50, shade)}"/>`
    return (
      leaf(-58, 150, 38) +
      leaf(58, 150, 38) +
      leaf(-30, 190, 44) +
      leaf(30, 190, 44) +
      leaf(0, 215, 50) +
      `<path d="M0 30 V-140" stroke="${hsl(110, 40, 30)}" stroke-width="5" stroke-opacity="0.5"/>` +
      `<path d="M-120 40 H120 L100 180 Q98 190 88 190 H-88 Q-98 190 -100 180 Z" fill="${p.main}"/>` +
      `<rect x="-132" y="24" width="264" height="40" rx="10" fill="${p.dark}"/>` +
      `<path d="M-80 110 H80" stroke="${p.accent2}" stroke-width="10" stroke-linecap="round"/>`
    )
  },
  baby: (p) =>
    `<path d="M-150 -10 H150 Q150 110 30 120 H-30 Q-150 110 -150 -10 Z" fill="url(#body)" stroke="${p.dark}" stroke-width="5"/>` +
    `<path d="M-150 -10 Q-150 -160 0 -160 V-10 Z" fill="${p.dark}"/>` +
    `<path d="M-110 -10 Q-110 -120 0 -124 M-70 -10 Q-70 -84 0 -88" fill="none" stroke="${p.light}" stroke-width="6"/>` +
    `<path d="M150 -10 L196 -90 H224" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M-140 30 Q0 46 140 30" fill="none" stroke="${p.pale}" stroke-width="8" stroke-dasharray="14 10"/>` +
    `<path d="M-80 112 L-100 150 M80 112 L100 150" stroke="${p.dark}" stroke-width="8"/>` +
    `<circle cx="-100" cy="158" r="32" fill="${p.dark}"/><circle cx="-100" cy="158" r="12" fill="${p.pale}"/>` +
    `<circle cx="100" cy="158" r="32" fill="${p.dark}"/><circle cx="100" cy="158" r="12" fill="${p.pale}"/>`,
  box: (p) =>
    `<path d="M0 -170 L170 -95 L0 -20 L-170 -95 Z" fill="${hsl(p.hue, 40, 78)}"/>` +
    `<path d="M-170 -95 L0 -20 V170 L-170 95 Z" fill="${hsl(p.hue, 45, 62)}"/>` +
    `<path d="M170 -95 L0 -20 V170 L170 95 Z" fill="${hsl(p.hue, 45, 50)}"/>` +
    `<path d="M-85 -132.5 L85 -57.5 V10 L55 -3 V-45 L-115 -120 Z" fill="${p.pale}" fill-opacity="0.85"/>` +
    `<path d="M-130 30 L-60 61 V100 L-130 69 Z" fill="#ffffff" fill-opacity="0.75"/>` +
    `<path d="M-170 -95 L0 -20 L170 -95 M0 -20 V170" fill="none" stroke="${p.dark}" stroke-opacity="0.3" stroke-width="3"/>`,
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts

interface Placement {
  dx: number
  dy: number
  scale: number
  rotate: number
  mirror: boolean
}

const FRONT: Placement = { dx: 0, dy: 0, scale: 1, rotate: 0, mirror: false }

/** How each gallery variant frames the object: front, tilted, close-up, and a pair. */
const PLACEMENTS: readonly Placement[] = [
  FRONT,
  { dx: -18, dy: 6, scale: 0.88, rotate: -10, mirror: true },
  { dx: 0, dy: 24, scale: 1.22, rotate: 0, mirror: false },
  { dx: 46, dy: 10, scale: 0.8, rotate: 8, mirror: false },
]

function background(width: number, height: number, from: string, to: string, variant: number): string {
  const directions = ['x1="0" y1="0" x2="0" y2="1"', 'x1="0" y1="0" x2="1" y2="1"', 'x1="1" y1="0" x2="0" y2="1"']
  const direction = directions[variant % directions.length] ?? ''
  return (
    `<defs><linearGradient id="bg" ${direction}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`
  )
}

/** Background decoration behind the object, different per variant. */
function decoration(variant: number, p: Palette, cx: number, cy: number): string {
  switch (variant) {
    case 0:
      return `<circle cx="${cx}" cy="${cy}" r="230" fill="#ffffff" fill-opacity="0.45"/><circle cx="${cx}" cy="${cy}" r="262" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`
    case 1:
      return `<path d="M-40 430 L430 -40 H620 L-40 620 Z" fill="#ffffff" fill-opacity="0.28"/><path d="M140 660 L660 140 V250 L250 660 Z" fill="#ffffff" fill-opacity="0.18"/>`
    case 2:
      return `<defs><pattern id="dots" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="18" cy="18" r="3.5" fill="${p.main}" fill-opacity="0.16"/></pattern></defs><rect width="600" height="600" fill="url(#dots)"/><circle cx="${cx}" cy="${cy}" r="210" fill="#ffffff" fill-opacity="0.35"/>`
    default:
      return `<circle cx="520" cy="90" r="150" fill="${p.light}" fill-opacity="0.35"/><circle cx="70" cy="520" r="120" fill="#ffffff" fill-opacity="0.35"/><rect x="${cx - 250}" y="${cy - 230}" width="500" height="460" rx="40" fill="#ffffff" fill-opacity="0.3"/>`
  }
}

function object(silhouette: Silhouette, p: Palette, cx: number, cy: number, place: Placement, fit: number): string {
  const scale = round(place.scale * fit)
  const transform = `translate(${round(cx + place.dx * fit)} ${round(cy + place.dy * fit)}) rotate(${place.rotate}) scale(${place.mirror ? -scale : scale} ${scale})`
  const shadowY = round(cy + place.dy * fit + 200 * scale)
  const shadow = `<ellipse cx="${round(cx + place.dx * fit)}" cy="${shadowY}" rx="${round(210 * scale)}" ry="${round(28 * scale)}" fill="url(#shadow)"/>`
  return `${shadow}<g transform="${transform}">${SILHOUETTES[silhouette](p)}</g>`
}

/** The caption band: a frosted card along the bottom edge, 16 units in from the sides. */
const BAND_X = 16
const BAND_WIDTH = 600 - 2 * BAND_X
const BAND_PADDING = 16

function caption(title: string, subtitle: string, p: Palette, kind: 'product' | 'category'): string {
  const centred = kind === 'category'
  const titleFont = centred ? 32 : 27
  const subFont = 19
  // Text starts 26 units into the band (after the colour stripe) and stops at least 22 units before its right edge.
  const x = centred ? 300 : BAND_X + 26
  const maxWidth = centred ? BAND_WIDTH - 2 * 22 : BAND_WIDTH - 26 - 22
  const lines = title === '' ? [] : wrapText(title, maxWidth / titleFont, 2).lines
  const subLines = subtitle === '' ? [] : wrapText(subtitle, maxWidth / subFont, 1).lines
  if (lines.length === 0 && subLines.length === 0) return ''
  const titleLineHeight = titleFont * 1.22
  const subLineHeight = subFont * 1.4
  const height = BAND_PADDING * 2 + lines.length * titleLineHeight + subLines.length * subLineHeight - titleFont * 0.22
  const top = 600 - BAND_X - height
  const anchor = centred ? 'middle' : 'start'
  const titleBaseline = top + BAND_PADDING + titleFont * 0.8
  const subBaseline =
    lines.length === 0
      ? top + BAND_PADDING + subFont * 0.8
      : titleBaseline + (lines.length - 1) * titleLineHeight + subFont * 1.45
  const text =
    textLines(
      lines,
      x,
      titleBaseline,
      titleLineHeight,
      `font-family="${FONT_FAMILY}" font-size="${titleFont}" font-weight="bold" fill="${p.ink}" text-anchor="${anchor}"`,
    ) +
    textLines(
      subLines,
      x,
      subBaseline,
      subLineHeight,
      `font-family="${FONT_FAMILY}" font-size="${subFont}" fill="${p.dark}" fill-opacity="0.8" text-anchor="${anchor}"`,
    )
  const band = `x="${BAND_X}" y="${round(top)}" width="${BAND_WIDTH}" height="${round(height)}" rx="16"`
  return (
    `<defs><clipPath id="band"><rect ${band}/></clipPath></defs>` +
    `<rect ${band} fill="#ffffff" fill-opacity="0.9"/>` +
    (centred ? '' : `<rect x="${BAND_X}" y="${round(top)}" width="6" height="${round(height)}" fill="${p.main}"/>`) +
    // The wrap estimate is conservative; the clip is a last guard so text can never spill out of the band.
    `<g clip-path="url(#band)">${text}</g>`
  )
}

function squareBody(
  kind: 'product' | 'category',
  title: string,
  subtitle: string,
  hue: number,
  variant: number,
  silhouette: Silhouette,
  size: ImageSize,
): string {
  const p = palette(hue)
  const withCaption = size !== 'thumbnail'
  // Categories are tiles: always the front view, with a bolder ring behind the object.
  const place = kind === 'category' ? { ...FRONT, scale: 0.95 } : (PLACEMENTS[variant] ?? FRONT)
  const cx = 300
  const cy = withCaption ? 250 : 292
  const fit = withCaption ? 0.86 : 1.02
  const from = kind === 'category' ? hsl(hue + 10, 75, 88) : hsl(hue, 70, 95)
  const to = kind === 'category' ? hsl(hue - 15, 60, 74) : hsl(hue + 22, 55, 82)
  const parts = [
    background(600, 600, from, to, kind === 'category' ? 1 : variant),
    `<defs>${silhouetteDefs(p)}</defs>`,
    kind === 'category'
      ? `<circle cx="${cx}" cy="${cy}" r="225" fill="#ffffff" fill-opacity="0.5"/><circle cx="${cx}" cy="${cy}" r="225" fill="none" stroke="${p.main}" stroke-opacity="0.35" stroke-width="6" stroke-dasharray="4 14" stroke-linecap="round"/>`
      : decoration(variant, p, cx, cy),
    object(silhouette, p, cx, cy, place, fit),
  ]
  if (kind === 'product' && variant === 3) {
    // The "pair" shot: a second, smaller copy in front.
    parts.push(
      object(silhouette, p, cx - 150 * fit, cy + 70 * fit, { ...FRONT, scale: 0.5, rotate: -6, mirror: true }, fit),
    )
  }
  if (withCaption) parts.push(caption(title, subtitle, p, kind))
  return parts.join('')
}

function bannerBody(
  title: string,
  subtitle: string,
  hue: number,
  variant: number,
  silhouette: Silhouette,
  size: ImageSize,
): string {
  const p = palette(hue)
  const textX = 110
  // The text column ends 40 units short of the ring around the object (which starts at x 993).
  const maxWidth = 840
  // The largest font that fits the title in two lines; the smallest one, truncated, if none does.
  const pick = [104, 92, 80, 70]
    .map((font) => ({ font, ...wrapText(title, maxWidth / font, 2) }))
    .find((option, index, all) => !option.truncated || index === all.length - 1)
  const font = pick?.font ?? 70
  const lines = pick?.lines ?? [title]
  const subFont = size === 'thumbnail' ? 0 : 42
  const subLines = subFont === 0 || subtitle === '' ? [] : wrapText(subtitle, maxWidth / subFont, 2).lines
  const lineHeight = font * 1.08
  const subLineHeight = subFont * 1.3
  const blockHeight =
    lines.length * lineHeight + (subLines.length > 0 ? 28 + subLines.length * subLineHeight : 0) + 12 + 36
  const top = Math.max(40, (600 - blockHeight) / 2)
  const firstBaseline = top + 36 + 12 + font * 0.82
  const subBaseline = firstBaseline + (lines.length - 1) * lineHeight + 28 + subFont * 1.1
  const ringX = 1255
  const place = PLACEMENTS[variant] ?? FRONT
  const decor = [
    `<circle cx="1500" cy="-40" r="260" fill="#ffffff" fill-opacity="0.07"/>`,
    `<circle cx="${-60 + variant * 40}" cy="640" r="${220 + variant * 20}" fill="#ffffff" fill-opacity="0.06"/>`,
    `<path d="M${860 + variant * 30} 600 L1160 0 H1240 L${940 + variant * 30} 600 Z" fill="#ffffff" fill-opacity="0.06"/>`,
  ].join('')
  return [
    background(1600, 600, hsl(hue, 62, 42), hsl(hue + 28, 68, 26), variant === 0 ? 1 : variant),
    `<defs>${silhouetteDefs(p)}</defs>`,
    decor,
    `<circle cx="${ringX}" cy="300" r="236" fill="${hsl(hue, 70, 92)}"/>`,
    `<circle cx="${ringX}" cy="300" r="262" fill="none" stroke="${hsl(hue, 70, 92)}" stroke-opacity="0.35" stroke-width="10"/>`,
    object(silhouette, p, ringX, 292, { ...place, dx: 0, dy: 0, scale: Math.min(place.scale, 1.05) }, 0.86),
    `<rect x="${textX}" y="${round(top)}" width="90" height="12" rx="6" fill="${p.accent2}"/>`,
    textLines(
      lines,
      textX,
      firstBaseline,
      lineHeight,
      `font-family="${FONT_FAMILY}" font-size="${font}" font-weight="bold" fill="#ffffff"`,
    ),
    textLines(
      subLines,
      textX,
      subBaseline,
      subLineHeight,
      `font-family="${FONT_FAMILY}" font-size="${subFont}" fill="${hsl(hue, 80, 92)}" fill-opacity="0.92"`,
    ),
  ].join('')
}
