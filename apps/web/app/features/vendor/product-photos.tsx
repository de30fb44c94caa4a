import { MAX_PRODUCT_IMAGES, type VendorImage } from '@soko/contract/vendor'
import { type ChangeEvent, useId } from 'react'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { PhotoList } from './photo-list.tsx'
import { PHOTO_ACCEPT } from './photo-values.ts'
import { UploadList } from './upload-list.tsx'
import type { usePhotoQueue } from './use-photo-queue.ts'

/**
 * A product's photos: the saved images to put in order (the first is the primary image) or delete, two ways to add
 * more (the camera, or photos already on the phone), and each chosen file with its progress and its own error.
 */
export function ProductPhotos({
  productId,
  productName,
  images,
  onImages,
  queue,
}: {
  productId: number | null
  /** For the images' text alternative. */
  productName: string
  images: VendorImage[]
  onImages: (images: VendorImage[]) => void
  queue: ReturnType<typeof usePhotoQueue>
}) {
  const id = useId()
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files ? [...event.target.files] : []
    // The same photo can be chosen again after a failure.
    event.target.value = ''
    if (files.length > 0) queue.add(files)
  }
  return (
    <fieldset className="vendor-photos" aria-describedby={`${id}-about`}>
      <legend>Photos</legend>
      <p id={`${id}-about`} className="field__hint">
        Up to {MAX_PRODUCT_IMAGES} photos (JPEG, PNG or WebP, 10 MB each). The first is the one shoppers see in lists.{' '}
        {productId === null
          ? 'They upload when you add the product.'
          : 'Each photo is saved as soon as it has uploaded.'}
      </p>
      <PhotoList productId={productId} productName={productName} images={images} onImages={onImages} />
      {images.length < MAX_PRODUCT_IMAGES ? (
        <div className="vendor-photos__pickers">
          <input
            id={`${id}-camera`}
            className="vendor-file-input"
            type="file"
            accept={PHOTO_ACCEPT}
            capture="environment"
            onChange={onPick}
          />
          <label htmlFor={`${id}-camera`} className="button button--ghost">
            Take photo
          </label>
          <input
            id={`${id}-gallery`}
            className="vendor-file-input"
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            onChange={onPick}
          />
          <label htmlFor={`${id}-gallery`} className="button button--ghost">
            Choose photos
          </label>
        </div>
      ) : (
        <p className="vendor-muted">This product has the most photos it can have: delete one to add another.</p>
      )}
      <FormMessage kind="error">{queue.refused}</FormMessage>
      <UploadList queue={queue} productId={productId} />
    </fieldset>
  )
}
