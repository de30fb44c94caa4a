import { MAX_IMAGE_BYTES, type VendorImage } from '@soko/contract/vendor'

// A product's photos as the editor reasons about them: which files may go, their order, and what to tell the vendor.

/**
 * The photo types the pickers ask for. HEIC is left out on purpose: an iPhone then hands over its HEIC photos as
 * JPEG, which the server can process (its image library cannot decode HEIC); a HEIC file sent anyway is refused
 * with a sentence saying so.
 */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp'

/** A reason not to send a file at all, or null: the server's own limit of 10 MB, in its words. */
export function photoProblem(file: { name: string; size: number }): string | null {
  if (file.size > MAX_IMAGE_BYTES) return `"${file.name}" is larger than 10 MB: send a smaller photo.`
  if (file.size === 0) return `"${file.name}" is empty.`
  return null
}

/** '2.4 MB', '640 KB': a file's size as a phone user reads it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** The ids in their new order after moving one image to `to` (0 is the primary image). */
export function movedIds(images: readonly Pick<VendorImage, 'id'>[], id: number, to: number): number[] {
  const ids = images.map((image) => image.id).filter((other) => other !== id)
  ids.splice(Math.max(0, Math.min(to, ids.length)), 0, id)
  return ids
}

const photos = (count: number) => `${count} photo${count === 1 ? '' : 's'}`

/** What the vendor hears once the chosen photos have all gone: how many made it, how many did not; '' for none. */
export function uploadSummary(done: number, failed: number): string {
  const parts: string[] = []
  if (done > 0) parts.push(`${photos(done)} uploaded.`)
  if (failed > 0) parts.push(`${photos(failed)} could not be uploaded: see why below.`)
  return parts.join(' ')
}

/** What the vendor hears when a new product is added, with the photos that now start uploading. */
export function addedSummary(waiting: number): string {
  return waiting > 0
    ? `Product added. Uploading ${photos(waiting)}...`
    : 'Product added. Add photos so shoppers can see it.'
}
