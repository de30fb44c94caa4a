import { MAX_PRODUCT_IMAGES, type VendorImage } from '@soko/contract/vendor'
import { useCallback, useEffect, useRef, useState } from 'react'
import { failureText } from '../../lib/form-errors.ts'
import { photoPreview, uploadPhoto } from './photo-upload.ts'
import { photoProblem } from './photo-values.ts'

export interface QueuedPhoto {
  key: string
  file: File
  /** A small preview of the photo (a data URL); null while it is drawn or when the browser cannot read the file. */
  preview: string | null
  status: 'waiting' | 'uploading' | 'done' | 'failed'
  /** 0 to 1 while uploading. */
  progress: number
  error: string
}

let counter = 0

/**
 * Photos chosen for a product, sent one at a time (each with its own progress and its own error: the server takes
 * a request's photos all or none) as soon as the product exists. Before it does (a new product), they wait.
 */
export function usePhotoQueue(productId: number | null, imageCount: number, onImages: (images: VendorImage[]) => void) {
  const [items, setItems] = useState<QueuedPhoto[]>([])
  const [refused, setRefused] = useState('')
  const running = useRef(false)
  const [tick, setTick] = useState(0)
  const onImagesRef = useRef(onImages)
  onImagesRef.current = onImages

  const update = useCallback((key: string, change: Partial<QueuedPhoto>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }, [])

  const itemsRef = useRef(items)
  itemsRef.current = items

  const add = useCallback(
    (files: Iterable<File>) => {
      const list = [...files]
      const pending = itemsRef.current.filter((item) => item.status === 'waiting' || item.status === 'uploading')
      const room = Math.max(0, MAX_PRODUCT_IMAGES - imageCount - pending.length)
      const accepted = list.slice(0, room)
      const left = list.length - accepted.length
      setRefused(
        left > 0
          ? `A product can have at most ${MAX_PRODUCT_IMAGES} images: ${left} photo${left === 1 ? ' was' : 's were'} not added.`
          : '',
      )
      const added = accepted.map((file): QueuedPhoto => {
        const problem = photoProblem(file)
        counter += 1
        return {
          key: `photo-${counter}`,
          file,
          preview: null,
          status: problem ? 'failed' : 'waiting',
          progress: 0,
          error: problem ?? '',
        }
      })
      setItems((current) => [...current, ...added])
      for (const item of added) {
        void photoPreview(item.file).then((preview) => {
          if (preview) update(item.key, { preview })
        })
      }
    },
    [imageCount, update],
  )

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((entry) => entry.key !== key))
  }, [])

  /** Drops the photos that made it (they now show among the product's images). */
  const clearDone = useCallback(() => {
    setItems((current) => current.filter((item) => item.status !== 'done'))
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` starts the next photo once one has finished
  useEffect(() => {
    if (productId === null || running.current) return
    const next = items.find((item) => item.status === 'waiting')
    if (!next) return
    running.current = true
    update(next.key, { status: 'uploading', progress: 0 })
    uploadPhoto(productId, next.file, (progress) => update(next.key, { progress }))
      .then((images) => {
        update(next.key, { status: 'done', progress: 1 })
        onImagesRef.current(images)
      })
      .catch((error: unknown) => {
        update(next.key, {
          status: 'failed',
          error: failureText(error, `"${next.file.name}" could not be uploaded. Please try again.`),
        })
      })
      .finally(() => {
        running.current = false
        setTick((value) => value + 1)
      })
  }, [items, productId, tick, update])

  const retry = useCallback((key: string) => update(key, { status: 'waiting', error: '', progress: 0 }), [update])
  const isBusy = items.some((item) => item.status === 'waiting' || item.status === 'uploading')
  return { items, refused, add, remove, retry, clearDone, isBusy }
}
