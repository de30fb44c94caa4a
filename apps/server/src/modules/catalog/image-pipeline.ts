import { mkdir, rename, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { VENDOR_MESSAGES } from '@soko/contract/vendor'
import sharp from 'sharp'
import { AppError } from '../../plugins/errors.ts'
import { displayName, tooManyPhotos, type UploadedFile, type UploadLimits } from '../../plugins/uploads.ts'

// Vendors' product photos: recognised by their content (never by name or declared type), then re-encoded into the
// three WebP sizes the storefront serves. sharp does its work on libuv's thread pool, so the event loop stays free;
// `Semaphore` keeps the number of photos processed at once small, so uploads cannot take every pool thread from
// the storefront's own file and crypto work.

// One libvips thread per image: with the queue below, photo processing takes at most about one core per job, and
// the rest of the machine stays with the shoppers (libvips would otherwise spread one photo over every core).
sharp.concurrency(1)

export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'heic'

/** Output widths in pixels (never upscaled: a smaller photo keeps its own width). */
export const UPLOAD_WIDTHS = { thumbnail: 200, medium: 600, original: 1200 } as const

/** Larger photos than this (about 100 megapixels) are refused before they are decoded: decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'])

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: 'not_an_image' | 'heic_unsupported' | 'unreadable' | 'too_large',
    message: string,
  ) {
    super(message)
    this.name = 'ImageRejectedError'
  }
}

/** The brands of an ISO-BMFF `ftyp` box (HEIF, AVIF, MP4 ...): the major brand and the compatible ones. */
function ftypBrands(head: Buffer): string[] {
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return []
  const size = Math.min(head.readUInt32BE(0), head.length)
  const brands = [head.toString('latin1', 8, 12)]
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(head.toString('latin1', offset, offset + 4))
  return brands
}

/** What a file is by its first bytes (magic numbers): one of the accepted formats, or null. */
export function sniffImageFormat(head: Buffer): UploadFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png'
  }
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp'
  }
  const brands = ftypBrands(head)
  const [major = ''] = brands
  if (HEIC_BRANDS.has(major)) return 'heic'
  // A generic HEIF container (mif1/msf1) is HEIC when its compatible brands say so (AVIF is not accepted).
  if ((major === 'mif1' || major === 'msf1') && brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic'
  return null
}

export interface ProcessedImage {
  format: UploadFormat
  /** Size of the original output (after EXIF rotation and the 1200 px cap). */
  width: number
  height: number
  thumbnail: Buffer
  medium: Buffer
  original: Buffer
}

const SHARP_FORMAT: Record<UploadFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heif' }

/**
 * A photo as thumbnail (200 px wide), medium (600) and original (1200, never upscaled) WebP: turned upright by its
 * EXIF orientation, every other metadata (GPS position, camera serial ...) dropped. The photo is decoded once
 * (JPEG shrink-on-load makes that cheap), then the three sizes are cut from the 1200 px pixels, one after another
 * so that one photo holds one pool thread.
 */
export async function processProductImage(input: Buffer): Promise<ProcessedImage> {
  const format = sniffImageFormat(input.subarray(0, 64))
  if (!format) {
    throw new ImageRejectedError('not_an_image', 'is not a JPEG, PNG, WebP or HEIC photo')
  }
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    if (metadata.format !== SHARP_FORMAT[format]) {
      throw new ImageRejectedError('unreadable', 'could not be read as a photo')
    }
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .autoOrient()
      .resize({ width: UPLOAD_WIDTHS.original, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    const original = await pixels().webp({ quality: 82, effort: 3 }).toBuffer()
    const medium = await pixels()
      .resize({ width: UPLOAD_WIDTHS.medium, withoutEnlargement: true })
      .webp({ quality: 80, effort: 3 })
      .toBuffer()
    const thumbnail = await pixels()
      .resize({ width: UPLOAD_WIDTHS.thumbnail, withoutEnlargement: true })
      .webp({ quality: 78, effort: 3 })
      .toBuffer()
    return { format, width: info.width, height: info.height, thumbnail, medium, original }
  } catch (error) {
    // This build of sharp has no HEVC decoder: a HEIC photo is recognised but cannot be turned into WebP.
    if (format === 'heic') throw new ImageRejectedError('heic_unsupported', 'HEIC photos are not supported yet')
    if (error instanceof ImageRejectedError) throw error
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError('too_large', 'has too many pixels (at most 100 megapixels)')
    }
    throw new ImageRejectedError('unreadable', 'could not be read as a photo (is it damaged?)')
  }
}

/** At most `limit` tasks at once; the rest wait their turn in order. */
export class Semaphore {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running++
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

/**
 * Photos processed at once in this process, product and return photos alike: half the cores (one on a two-core
 * machine), each on one libvips thread, so uploads never take more than half the machine from the storefront.
 */
export const IMAGE_JOBS = Math.max(1, Math.floor(availableParallelism() / 2))
const photoJobs = new Semaphore(IMAGE_JOBS)

/** One photo processed in this process's photo queue (throws ImageRejectedError for what is not a photo). */
export function processPhoto(bytes: Buffer): Promise<ProcessedImage> {
  return photoJobs.run(() => processProductImage(bytes))
}

function rejected(name: string, error: ImageRejectedError): AppError {
  const message =
    error.reason === 'heic_unsupported'
      ? VENDOR_MESSAGES.heicUnsupported
      : `"${name}" ${error.message}. Send JPEG, PNG, WebP or HEIC photos.`
  const detail = error.reason === 'heic_unsupported' ? `"${name}": ${message}` : message
  return new AppError('invalid_data', detail, { image: [detail] })
}

/**
 * Every file of an upload processed (in this process's photo queue), or a 400 naming the first that is not a photo;
 * more than `room` files is refused with `limits`' words, and none at all too.
 */
export async function processUploads(
  files: AsyncIterable<UploadedFile>,
  room: number,
  limits: UploadLimits,
): Promise<ProcessedImage[]> {
  const processed: ProcessedImage[] = []
  for await (const file of files) {
    if (processed.length + 1 > room) throw tooManyPhotos(limits)
    const name = displayName(file.filename)
    const bytes = await file.read()
    try {
      processed.push(await processPhoto(bytes))
    } catch (error) {
      if (error instanceof ImageRejectedError) throw rejected(name, error)
      throw error
    }
  }
  if (processed.length === 0) {
    const message = 'Choose at least one photo to upload (form field "image").'
    throw new AppError('invalid_data', message, { image: [message] })
  }
  return processed
}

/** Writes a photo's three sizes into `dir`, each aside and renamed into place: a reader never sees half a file. */
export async function writeImageSizes(dir: string, image: ProcessedImage): Promise<void> {
  await mkdir(dir, { recursive: true })
  for (const size of ['thumbnail', 'medium', 'original'] as const) {
    const path = join(dir, `${size}.webp`)
    const partial = `${path}.${process.pid}.partial`
    await writeFile(partial, image[size])
    await rename(partial, path)
  }
}
