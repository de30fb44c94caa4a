import type { VendorImage } from '@soko/contract/vendor'
import { uploadPhotos } from '../../lib/photo-upload.ts'

// A photo's journey in the browser: sent with its progress, and drawn small for its preview.

/** Sends one photo to a product; answers the product's images after the upload. */
export function uploadPhoto(
  productId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<VendorImage[]> {
  return uploadPhotos('POST /api/vendor/products/:id/images/', { id: productId }, [file], { onProgress })
}

const PREVIEW_SIZE = 112

/**
 * A small square preview of a chosen photo (a data URL), or null when the browser cannot read it (HEIC in most
 * browsers). Drawn small once rather than showing the file itself: a phone photo decoded whole takes tens of MB.
 */
export async function photoPreview(file: File): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null
  let bitmap: ImageBitmap | null = null
  try {
    bitmap = await createImageBitmap(file)
    const canvas = document.createElement('canvas')
    canvas.width = PREVIEW_SIZE
    canvas.height = PREVIEW_SIZE
    const context = canvas.getContext('2d')
    if (!context) return null
    // Cover the square from the middle of the photo.
    const side = Math.min(bitmap.width, bitmap.height)
    const sx = (bitmap.width - side) / 2
    const sy = (bitmap.height - side) / 2
    context.drawImage(bitmap, sx, sy, side, side, 0, 0, PREVIEW_SIZE, PREVIEW_SIZE)
    return canvas.toDataURL('image/jpeg', 0.7)
  } catch {
    return null
  } finally {
    bitmap?.close()
  }
}
