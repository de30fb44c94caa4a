import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ImageRejectedError, processProductImage, Semaphore, sniffImageFormat } from './image-pipeline.ts'

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })

async function sizes(buffer: Buffer) {
  const metadata = await sharp(buffer).metadata()
  return { format: metadata.format, width: metadata.width, height: metadata.height, exif: metadata.exif }
}

describe('sniffImageFormat', () => {
  it('knows JPEG, PNG, WebP and HEIC by their first bytes, whatever the file is called', async () => {
    expect(sniffImageFormat(await photo(10, 10).jpeg().toBuffer())).toBe('jpeg')
    expect(sniffImageFormat(await photo(10, 10).png().toBuffer())).toBe('png')
    expect(sniffImageFormat(await photo(10, 10).webp().toBuffer())).toBe('webp')
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmif1'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
    ])
    expect(sniffImageFormat(heic)).toBe('heic')
  })

  it('refuses everything else: text, SVG, GIF, AVIF', async () => {
    expect(sniffImageFormat(Buffer.from('hello'))).toBeNull()
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageFormat(await photo(10, 10).gif().toBuffer())).toBeNull()
    const avif = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypavif'),
      Buffer.alloc(4),
      Buffer.from('mif1avif'),
    ])
    expect(sniffImageFormat(avif)).toBeNull()
  })
})

describe('processProductImage', () => {
  it('makes 200, 600 and 1200 px wide WebP from a camera photo, keeping its proportions', async () => {
    const out = await processProductImage(await photo(4000, 3000).jpeg().toBuffer())
    expect(out.format).toBe('jpeg')
    expect(await sizes(out.thumbnail)).toMatchObject({ format: 'webp', width: 200, height: 150 })
    expect(await sizes(out.medium)).toMatchObject({ format: 'webp', width: 600, height: 450 })
    expect(await sizes(out.original)).toMatchObject({ format: 'webp', width: 1200, height: 900 })
  })

  it('turns the photo upright by its EXIF orientation and drops the metadata', async () => {
    const sideways = await photo(1600, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(sideways).metadata()).orientation).toBe(6)
    const out = await processProductImage(sideways)
    const original = await sizes(out.original)
    expect(original).toMatchObject({ width: 1200, height: 1600 })
    expect(original.exif).toBeUndefined()
  })

  it('never upscales a small photo', async () => {
    const out = await processProductImage(await photo(300, 300).png().toBuffer())
    expect(await sizes(out.original)).toMatchObject({ width: 300, height: 300 })
    expect(await sizes(out.medium)).toMatchObject({ width: 300 })
    expect(await sizes(out.thumbnail)).toMatchObject({ width: 200 })
  })

  it('rejects what is not a photo, a damaged photo and an undecodable HEIC with a reason', async () => {
    await expect(processProductImage(Buffer.from('plain text'))).rejects.toMatchObject({ reason: 'not_an_image' })
    const jpeg = await photo(400, 300).jpeg().toBuffer()
    await expect(processProductImage(jpeg.subarray(0, 200))).rejects.toBeInstanceOf(ImageRejectedError)
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
      Buffer.alloc(100),
    ])
    await expect(processProductImage(heic)).rejects.toMatchObject({ reason: 'heic_unsupported' })
  })
})

describe('Semaphore', () => {
  it('runs at most its limit at once, in order', async () => {
    const semaphore = new Semaphore(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        semaphore.run(async () => {
          running++
          peak = Math.max(peak, running)
          await new Promise((resolve) => setTimeout(resolve, 5))
          order.push(i)
          running--
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('frees its place when a task fails', async () => {
    const semaphore = new Semaphore(1)
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(semaphore.run(async () => 'next')).resolves.toBe('next')
  })
})
