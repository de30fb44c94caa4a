import type { VendorImage, VendorProductDetail } from '@soko/contract/vendor'
import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useAnnounce } from '../../components/ui/announcer.tsx'
import { uploadSummary } from './photo-values.ts'
import { usePhotoQueue } from './use-photo-queue.ts'

/**
 * A product's images and the photos chosen for it. The page's data is the server's latest word on the images;
 * when the chosen photos have all gone, the vendor hears how it went, the list is tidied (the failures stay, with
 * their reasons) and the page's data is loaded again.
 */
export function useProductImages(product: VendorProductDetail | null, productId: number | null) {
  const revalidator = useRevalidator()
  const announce = useAnnounce()
  const [images, setImages] = useState<VendorImage[]>(product?.images ?? [])
  const queue = usePhotoQueue(productId, images.length, setImages)

  useEffect(() => {
    if (product) setImages(product.images)
  }, [product])

  const wasBusy = useRef(false)
  useEffect(() => {
    if (queue.isBusy) {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    const summary = uploadSummary(
      queue.items.filter((item) => item.status === 'done').length,
      queue.items.filter((item) => item.status === 'failed').length,
    )
    if (summary) {
      announce(summary)
      queue.clearDone()
      revalidator.revalidate()
    }
  }, [queue.isBusy, queue.items, queue.clearDone, announce, revalidator])

  return { images, setImages, queue }
}
