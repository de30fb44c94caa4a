import { MAX_IMAGE_BYTES } from '@soko/contract/vendor'
import { FetchRefusedError, type GuardedFetchOptions, guardedGet } from '../../plugins/guarded-fetch.ts'
import { ImageRejectedError, type ProcessedImage, processPhoto, Semaphore } from './image-pipeline.ts'

// A CSV import's image URLs (decision 0027): each fetched through the outbound guard (public addresses only,
// redirects checked, time and size limits) and put through the same photo pipeline as an upload. An image that
// cannot be had is a sentence for the import's results, never the product's failure.

/** The limits of one image's fetch: the uploads' size, 15 seconds in all, 3 redirects. */
export const IMPORT_IMAGE_FETCH = { timeoutMs: 15_000, maxBytes: MAX_IMAGE_BYTES, maxRedirects: 3 } as const

export type ImageFetchSettings = Pick<GuardedFetchOptions, 'allowHosts' | 'resolve'> &
  Partial<Pick<GuardedFetchOptions, 'timeoutMs'>>

/** Images fetched and processed at once, over every import of this process (the photo queue processes them). */
const fetches = new Semaphore(4)

export interface LineImages {
  images: ProcessedImage[]
  /** Why each image not had was not, in file order. */
  problems: string[]
}

function shown(url: string): string {
  return url.length > 80 ? `${url.slice(0, 77)}...` : url
}

/** One image URL fetched and processed, or the sentence saying why not. */
async function fetchOne(url: string, settings: ImageFetchSettings): Promise<ProcessedImage | string> {
  try {
    // Held until processed: at most 4 downloaded photos wait in memory at once.
    return await fetches.run(async () => processPhoto(await guardedGet(url, { ...IMPORT_IMAGE_FETCH, ...settings })))
  } catch (error) {
    if (error instanceof ImageRejectedError && error.reason === 'heic_unsupported') {
      return `Image "${shown(url)}" was not added: HEIC photos are not supported yet`
    }
    if (error instanceof FetchRefusedError || error instanceof ImageRejectedError) {
      return `Image "${shown(url)}" was not added: it ${error.message}`
    }
    throw error
  }
}

/** A line's images, in the order the line gives them (the first becomes the product's main photo). */
export async function fetchLineImages(urls: readonly string[], settings: ImageFetchSettings): Promise<LineImages> {
  const outcomes = await Promise.all(urls.map((url) => fetchOne(url, settings)))
  return {
    images: outcomes.filter((outcome): outcome is ProcessedImage => typeof outcome !== 'string'),
    problems: outcomes.filter((outcome): outcome is string => typeof outcome === 'string'),
  }
}
