import type { Api, ApiKey } from '@soko/contract/api'
import { fillPath, type ResponseOf, splitKey } from '@soko/contract/endpoint'
import { ApiError } from './api-client.ts'

// Photo uploads (a vendor's product photos, a shopper's return photos): multipart, field `image`, sent with XHR
// rather than `call` or fetch, because fetch cannot report upload progress, which matters on a slow mobile
// connection.

/**
 * Sends photos to the upload endpoint `key` and reports how much has gone (0 to 1). Answers the endpoint's
 * response; throws ApiError with the server's sentence when it refuses a photo.
 */
export function uploadPhotos<K extends ApiKey>(
  key: K,
  params: Record<string, string | number>,
  files: readonly File[],
  options: { onProgress?: (fraction: number) => void; headers?: Record<string, string> } = {},
): Promise<ResponseOf<Api[K]>> {
  const { onProgress = () => undefined, headers = {} } = options
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    const { method, path } = splitKey(key)
    request.open(method, fillPath(path, params))
    request.setRequestHeader('accept', 'application/json')
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onerror = () => reject(new ApiError(0, 'Network error: check your connection and try again.'))
    request.onload = () => {
      const payload: unknown = request.response
      if (request.status >= 200 && request.status < 300) {
        onProgress(1)
        resolve(payload as ResponseOf<Api[K]>)
        return
      }
      const { detail, errors } = (payload ?? {}) as { detail?: string; errors?: Record<string, string[]> }
      const message = errors?.image?.[0] ?? detail
      const names = files.map((file) => `"${file.name}"`).join(', ')
      reject(
        new ApiError(
          request.status,
          message ?? `${names} could not be uploaded (${request.status}).`,
          errors,
          message !== undefined,
          payload,
        ),
      )
    }
    const form = new FormData()
    for (const file of files) form.append('image', file, file.name)
    request.send(form)
  })
}
