import type { FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'

// Photo uploads (multipart/form-data, field "image"): a vendor's product photos and a shopper's return photos. The
// files are read one at a time, each whole and at most `maxFileBytes`, when the service asks for it; @fastify/multipart's
// own errors are answered in our words and codes.

/** One file of an upload: its name as the browser gave it (for messages only), and its bytes. */
export interface UploadedFile {
  filename: string
  read(): Promise<Buffer>
}

/** A browser's file name made safe to quote in a message. */
export function displayName(filename: string): string {
  const clean = Array.from(filename)
    .filter((char) => char >= ' ' && char !== '\u007f' && char !== '"' && char !== '\\')
    .join('')
    .trim()
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean || 'the file'
}

export interface UploadLimits {
  /** The most photos one request (and the thing they belong to) may carry. */
  maxFiles: number
  maxFileBytes: number
  /** The words of the 400 when there are more: "A product can have at most 8 images". */
  tooManyMessage: string
}

/** The most one upload request may carry: its photos, and the form's own bytes. */
export function uploadBodyLimit(limits: UploadLimits): number {
  return limits.maxFiles * limits.maxFileBytes + 1024 * 1024
}

/** @fastify/multipart's settings for `limits`: one file more than allowed, so the extra one is refused in our words. */
export function multipartLimits(limits: UploadLimits) {
  return {
    fileSize: limits.maxFileBytes,
    files: limits.maxFiles + 1,
    fields: 10,
    parts: limits.maxFiles + 11,
    fieldSize: 1024,
  }
}

export function tooManyPhotos(limits: UploadLimits): AppError {
  return new AppError('invalid_data', limits.tooManyMessage, { image: [limits.tooManyMessage] })
}

function uploadError(error: unknown, name: string, limits: UploadLimits): unknown {
  const megabytes = Math.round(limits.maxFileBytes / (1024 * 1024))
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', `"${name}" is larger than ${megabytes} MB: send a smaller photo.`, {
        image: [`"${name}" is larger than ${megabytes} MB`],
      })
    case 'FST_FILES_LIMIT':
      return tooManyPhotos(limits)
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('invalid_data', 'Send only the photos (form field "image").')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Send the photos as multipart/form-data.')
    default:
      return error
  }
}

/** The request's files, one at a time, each read whole when the service asks for it. */
export async function* uploadedFiles(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<UploadedFile> {
  let name = 'the file'
  try {
    for await (const part of request.files()) {
      name = displayName(part.filename)
      const fileName = name
      yield {
        filename: part.filename,
        read: () => part.toBuffer().catch((error: unknown) => Promise.reject(uploadError(error, fileName, limits))),
      }
    }
  } catch (error) {
    throw uploadError(error, name, limits)
  }
}

/**
 * The route options of an upload endpoint: its body limit, and a refusal before a byte is read of a request that is
 * not multipart or says it is larger than the limit.
 */
export function uploadRouteOptions(limits: UploadLimits) {
  const bodyLimit = uploadBodyLimit(limits)
  const megabytes = Math.round(limits.maxFileBytes / (1024 * 1024))
  return {
    bodyLimit,
    onRequest: async (request: FastifyRequest) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
        throw new AppError('unsupported_media_type', 'Send the photos as multipart/form-data (field "image").')
      }
      if (Number(request.headers['content-length'] ?? 0) > bodyLimit) {
        throw new AppError('payload_too_large', `Send at most ${limits.maxFiles} photos of ${megabytes} MB each.`)
      }
    },
  }
}
