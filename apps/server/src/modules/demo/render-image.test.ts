import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { ImageSize } from '../media/media-url.ts'
import { composeSvg, IMAGE_WIDTHS, imageDimensions, type ProductImageSpec, renderImage } from './render-image.ts'
import { pickSilhouette } from './silhouette-words.ts'
import { escapeXml, textWidth, wrapText } from './svg-text.ts'

const SIZES: ImageSize[] = ['thumbnail', 'medium', 'original']
const KINDS: ProductImageSpec['kind'][] = ['product', 'category', 'banner']

const EXPECTED: Record<ProductImageSpec['kind'], Record<ImageSize, [number, number]>> = {
  product: { thumbnail: [200, 200], medium: [600, 600], original: [1200, 1200] },
  category: { thumbnail: [200, 200], medium: [600, 600], original: [1200, 1200] },
  banner: { thumbnail: [400, 150], medium: [800, 300], original: [1600, 600] },
}

const isWebp = (buffer: Buffer): boolean =>
  buffer.subarray(0, 4).toString('ascii') === 'RIFF' && buffer.subarray(8, 12).toString('ascii') === 'WEBP'

describe('IMAGE_WIDTHS', () => {
  it('has the documented widths', () => {
    expect(IMAGE_WIDTHS).toEqual({ thumbnail: 200, medium: 600, original: 1200 })
  })
})

describe('renderImage', () => {
  for (const kind of KINDS) {
    for (const size of SIZES) {
      it(`renders a ${size} ${kind} as WebP of the exact size`, async () => {
        const buffer = await renderImage(
          { kind, title: 'Aluminium sufuria set', subtitle: 'Up to 30% off', hue: 28, variant: 1 },
          size,
        )
        expect(isWebp(buffer)).toBe(true)
        const metadata = await sharp(buffer).metadata()
        const [width, height] = EXPECTED[kind][size]
        expect(metadata.format).toBe('webp')
        expect(metadata.width).toBe(width)
        expect(metadata.height).toBe(height)
        expect(imageDimensions(kind, size)).toEqual({ width, height })
      })
    }
  }

  it('gives each variant of a product a different image', async () => {
    const images = await Promise.all(
      [0, 1, 2, 3].map((variant) =>
        renderImage({ kind: 'product', title: 'Kitenge maxi dress', hue: 200, variant }, 'thumbnail'),
      ),
    )
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) {
        expect(images[a]?.equals(images[b] ?? Buffer.alloc(0)), `variants ${a} and ${b}`).toBe(false)
      }
    }
  })

  it('is deterministic', async () => {
    const spec: ProductImageSpec = { kind: 'product', title: 'Size 5 football', hue: 140, variant: 2 }
    const [first, second] = await Promise.all([renderImage(spec, 'medium'), renderImage(spec, 'medium')])
    expect(first?.equals(second ?? Buffer.alloc(0))).toBe(true)
  })

  it('changes with the hue', async () => {
    const a = await renderImage({ kind: 'product', title: 'Cooking oil 3L', hue: 10, variant: 0 }, 'thumbnail')
    const b = await renderImage({ kind: 'product', title: 'Cooking oil 3L', hue: 190, variant: 0 }, 'thumbnail')
    expect(a.equals(b)).toBe(false)
  })

  it('renders titles with XML special characters', async () => {
    const title = `Tom & Jerry's <b>"bold"</b> ]]> <!-- --> &amp; shoes`
    for (const kind of KINDS) {
      const buffer = await renderImage(
        { kind, title, subtitle: '<script>alert("x")</script> & more', hue: 5, variant: 0 },
        'medium',
      )
      expect((await sharp(buffer).metadata()).format).toBe('webp')
    }
  })

  it('renders very long, odd and empty titles', async () => {
    const long = `${'Super long product name with many words '.repeat(12)}${'x'.repeat(300)}`
    const odd = 'Ctrl\u0000\u0007\u001b chars, emoji 🇰🇪🔥👍🏽, lone \ud800 surrogate, Kiswahili: Kitabu cha hadithi™'
    const specs: ProductImageSpec[] = [
      { kind: 'product', title: long, subtitle: long, hue: 77, variant: 3 },
      { kind: 'category', title: 'W'.repeat(200), hue: 300, variant: 0 },
      { kind: 'banner', title: long, subtitle: long, hue: 12, variant: 2 },
      { kind: 'product', title: odd, hue: -30, variant: 9 },
      { kind: 'product', title: '', hue: Number.NaN, variant: Number.NaN },
      { kind: 'banner', title: '   ', hue: 400, variant: -1 },
    ]
    for (const spec of specs) {
      for (const size of SIZES) {
        const metadata = await sharp(await renderImage(spec, size)).metadata()
        const expected = EXPECTED[spec.kind][size]
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', ...expected])
      }
    }
  })
})

describe('composeSvg', () => {
  it('escapes text and sets the target pixel size on the SVG', () => {
    const svg = composeSvg({ kind: 'product', title: 'A & B <C> "D" \'E\'', hue: 0, variant: 0 }, 'medium')
    expect(svg).toContain('width="600" height="600"')
    expect(svg).toContain('A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos;')
    expect(svg).not.toContain('<C>')
  })

  it('draws the caption on medium and original but not on thumbnails', () => {
    const spec: ProductImageSpec = { kind: 'product', title: 'Canvas sneakers', hue: 250, variant: 0 }
    expect(composeSvg(spec, 'thumbnail')).not.toContain('Canvas sneakers')
    expect(composeSvg(spec, 'medium')).toContain('Canvas sneakers')
    expect(composeSvg(spec, 'original')).toContain('Canvas sneakers')
  })

  it('puts the banner title and subtitle on the banner', () => {
    const svg = composeSvg(
      { kind: 'banner', title: 'Back to school', subtitle: 'Books & bags', hue: 50, variant: 0 },
      'medium',
    )
    expect(svg).toContain('width="800" height="300"')
    const texts = Array.from(svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g), (match) => match[1])
    expect(texts.join(' ')).toBe('Back to school Books &amp; bags')
  })
})

describe('wrapText', () => {
  it('keeps short text on one line', () => {
    expect(wrapText('Canvas sneakers', 20, 2)).toEqual({ lines: ['Canvas sneakers'], truncated: false })
  })

  it('wraps to at most the given number of lines, each within the width, ending with an ellipsis', () => {
    const { lines, truncated } = wrapText('one two three four five six seven eight nine ten eleven twelve', 8, 2)
    expect(truncated).toBe(true)
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(8)
    expect(lines[1]?.endsWith('\u2026')).toBe(true)
  })

  it('breaks a word longer than a line', () => {
    const { lines } = wrapText('x'.repeat(100), 10, 3)
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(10)
  })
})

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    )
  })
})

describe('pickSilhouette', () => {
  it.each([
    ['Tecno Spark 20 Pro smartphone', 'phone'],
    ['Samsung Galaxy A15 128GB', 'phone'],
    ['HP EliteBook 840 laptop', 'laptop'],
    ['Vitron 43" Smart TV', 'tv'],
    ['Kitenge maxi dress', 'dress'],
    ["Men's cotton shirt", 'shirt'],
    ['Kikoy beach wrap', 'fabric'],
    ['Canvas sneakers', 'shoe'],
    ['Leather shoes', 'shoe'],
    ['Aluminium sufuria set, 5 pieces', 'pot'],
    ['Jiko la makaa', 'pot'],
    ['Unga wa ngano 2kg', 'sack'],
    ['Mafuta ya kupikia 1L', 'bottle'],
    ['Kitabu cha hadithi', 'book'],
    ['Rice cooker 1.8L', 'pot'],
    ['Jogoo maize flour 2kg', 'sack'],
    ['Pishori rice 5kg', 'sack'],
    ['Fresh Fri cooking oil 3L', 'bottle'],
    ['Nivea body lotion 400ml', 'bottle'],
    ['Baby lotion 200ml', 'bottle'],
    ['Kiswahili story book', 'book'],
    ['Size 5 football', 'ball'],
    ['Tomato seeds 50g', 'plant'],
    ['DAP fertiliser 50kg', 'plant'],
    ['Baby stroller', 'baby'],
    ['Baby & Kids', 'baby'],
    ['Assorted gift item', 'box'],
    ['', 'box'],
  ])('%s → %s', (title, expected) => {
    expect(pickSilhouette(title)).toBe(expected)
  })
})
