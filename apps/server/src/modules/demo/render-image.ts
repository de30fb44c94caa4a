import sharp from 'sharp'
import type { ImageSize } from '../media/media-url.ts'
import { pickSilhouette, type Silhouette } from './silhouette-words.ts'
import {
  hsl,
  normaliseHue,
  normaliseVariant,
  type Palette,
  palette,
  round,
  SILHOUETTES,
  silhouetteDefs,
} from './silhouettes.ts'
import { cleanText, FONT_FAMILY, textLines, wrapText } from './svg-text.ts'

/**
 * Placeholder imagery for the demo catalogue, drawn in code: an SVG is composed from the spec (soft gradient from
 * the hue, a stylised silhouette picked from the title's keywords, caption or banner text) and rasterised by sharp
 * straight at the target size, then encoded as WebP. Deterministic: the same spec and size give the same bytes.
 */

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
  const drawing: Drawing = { title, subtitle, hue, variant, silhouette, size }
  const body = spec.kind === 'banner' ? bannerBody(drawing) : squareBody(spec.kind, drawing)
  const viewBox = spec.kind === 'banner' ? '0 0 1600 600' : '0 0 600 600'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts

/** What a layout draws: the spec's cleaned-up text and numbers, its object, and the size asked for. */
interface Drawing {
  title: string
  subtitle: string
  hue: number
  variant: number
  silhouette: Silhouette
  size: ImageSize
}

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

function squareBody(kind: 'product' | 'category', drawing: Drawing): string {
  const { title, subtitle, hue, variant, silhouette, size } = drawing
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

function bannerBody(drawing: Drawing): string {
  const { title, subtitle, hue, variant, silhouette, size } = drawing
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
