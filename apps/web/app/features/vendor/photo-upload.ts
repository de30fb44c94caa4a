import type { ApiKey } from '@soko/contract/api'
import { fillPath, splitKey } from '@soko/contract/endpoint'
import type { VendorImage } from '@soko/contract/vendor'
import { ApiError } from '../../lib/api-client.ts'

// A photo's journey in the browser: sent with its progress, and drawn small for its preview.

/** The upload endpoint: multipart, so sent with XHR rather than `call`. */
const UPLOAD = 'POST /api/vendor/products/:id/images/' satisfies ApiKey

/**
 * Sends one photo to a product (multipart, field `image`) and reports how much of it has gone (0 to 1). XHR rather
 * than fetch: fetch cannot report upload progress, which matters on a slow mobile connection. Answers the product's
 * images after the upload; throws ApiError with the server's sentence when it refuses the photo.
 */
export function uploadPhoto(
  productId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<VendorImage[]> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    const { method, path } = splitKey(UPLOAD)
    request.open(method, fillPath(path, { id: productId }))
    request.setRequestHeader('accept', 'application/json')
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onerror = () => reject(new ApiError(0, 'Network error: check your connection and try again.'))
    request.onload = () => {
      const payload: unknown = request.response
      if (request.status >= 200 && request.status < 300) {
        onProgress(1)
        resolve(payload as VendorImage[])
        return
      }
      const { detail, errors } = (payload ?? {}) as { detail?: string; errors?: Record<string, string[]> }
      const message = errors?.image?.[0] ?? detail
      reject(
        new ApiError(
          request.status,
          message ?? `"${file.name}" could not be uploaded (${request.status}).`,
          errors,
          message !== undefined,
          payload,
        ),
      )
    }
    const form = new FormData()
    form.append('image', file, file.name)
    request.send(form)
  })
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
