import { MAX_PRODUCT_IMAGES, type VendorImage } from '@soko/contract/vendor'
import { useMutation } from '@tanstack/react-query'
import { type ChangeEvent, useId } from 'react'
import { useAnnounce } from '../../components/ui/announcer.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { api } from '../../lib/api-client.ts'
import { failureText } from '../../lib/write-errors.ts'
import { fileSize, PHOTO_ACCEPT, photoProblem } from './photo-upload.ts'
import type { usePhotoQueue } from './use-photo-queue.ts'

type Queue = ReturnType<typeof usePhotoQueue>

/** The ids in their new order after moving one image to `to` (0 is the primary image). */
export function movedIds(images: VendorImage[], id: number, to: number): number[] {
  const ids = images.map((image) => image.id).filter((other) => other !== id)
  ids.splice(Math.max(0, Math.min(to, ids.length)), 0, id)
  return ids
}

/**
 * A product's photos: two ways in (the camera, or photos already on the phone), each chosen file with its progress
 * and its own error, then the product's images to put in order (the first is the primary image) or delete.
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
  queue: Queue
}) {
  const id = useId()
  const announce = useAnnounce()
  const room = MAX_PRODUCT_IMAGES - images.length
  const change = useMutation({
    mutationFn: (action: { kind: 'order'; ids: number[]; done: string } | { kind: 'delete'; imageId: number }) =>
      action.kind === 'order'
        ? api<VendorImage[]>(`/api/vendor/products/${productId}/images/order/`, {
            method: 'PUT',
            body: { imageIds: action.ids },
          })
        : api<VendorImage[]>(`/api/vendor/products/${productId}/images/${action.imageId}/`, { method: 'DELETE' }),
    onSuccess: (result, action) => {
      onImages(result)
      announce(action.kind === 'order' ? action.done : 'Photo deleted.')
    },
  })

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files ? [...event.target.files] : []
    // The same photo can be chosen again after a failure.
    event.target.value = ''
    if (files.length > 0) queue.add(files)
  }

  const isBusy = change.isPending
  return (
    <fieldset className="vendor-photos" aria-describedby={`${id}-about`}>
      <legend>Photos</legend>
      <p id={`${id}-about`} className="field__hint">
        Up to {MAX_PRODUCT_IMAGES} photos (JPEG, PNG or WebP, 10 MB each). The first is the one shoppers see in lists.{' '}
        {productId === null
          ? 'They upload when you add the product.'
          : 'Each photo is saved as soon as it has uploaded.'}
      </p>

      {images.length > 0 && (
        <ol className="vendor-photos__grid" aria-label="Product photos">
          {images.map((image, index) => {
            const number = index + 1
            return (
              <li key={image.id} className="vendor-photos__item">
                <img
                  src={image.thumbnail}
                  alt={`${productName || 'New product'}, ${number} of ${images.length}`}
                  width={120}
                  height={120}
                  loading="lazy"
                />
                {image.isPrimary || index === 0 ? (
                  <Tag tone="good">Primary</Tag>
                ) : (
                  <button
                    type="button"
                    className="vendor-link-button"
                    disabled={isBusy}
                    onClick={() =>
                      change.mutate({
                        kind: 'order',
                        ids: movedIds(images, image.id, 0),
                        done: `Photo ${number} is now the primary photo.`,
                      })
                    }
                  >
                    Make primary<span className="visually-hidden"> (photo {number})</span>
                  </button>
                )}
                <div className="vendor-photos__actions">
                  {index > 0 && (
                    <button
                      type="button"
                      className="vendor-icon-button"
                      disabled={isBusy}
                      onClick={() =>
                        change.mutate({
                          kind: 'order',
                          ids: movedIds(images, image.id, index - 1),
                          done: `Photo ${number} moved earlier.`,
                        })
                      }
                    >
                      <span aria-hidden="true">←</span>
                      <span className="visually-hidden">Move photo {number} earlier</span>
                    </button>
                  )}
                  {index < images.length - 1 && (
                    <button
                      type="button"
                      className="vendor-icon-button"
                      disabled={isBusy}
                      onClick={() =>
                        change.mutate({
                          kind: 'order',
                          ids: movedIds(images, image.id, index + 1),
                          done: `Photo ${number} moved later.`,
                        })
                      }
                    >
                      <span aria-hidden="true">→</span>
                      <span className="visually-hidden">Move photo {number} later</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="vendor-link-button vendor-link-button--danger"
                    disabled={isBusy}
                    onClick={() => change.mutate({ kind: 'delete', imageId: image.id })}
                  >
                    Delete<span className="visually-hidden"> photo {number}</span>
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      <FormMessage kind="error">
        {change.isError ? failureText(change.error, 'The photos could not be changed. Please try again.') : ''}
      </FormMessage>

      {room > 0 ? (
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

      {queue.items.length > 0 && (
        <ul className="vendor-uploads" aria-label="Chosen photos">
          {queue.items.map((item) => (
            <li key={item.key} className={`vendor-upload vendor-upload--${item.status}`}>
              {item.preview ? (
                <img src={item.preview} alt="" width={56} height={56} />
              ) : (
                <span className="vendor-upload__no-preview" aria-hidden="true" />
              )}
              <div className="vendor-upload__body">
                <p className="vendor-upload__name">
                  {item.file.name} <span className="vendor-muted">({fileSize(item.file.size)})</span>
                </p>
                {item.status === 'waiting' && (
                  <p className="vendor-muted">
                    {productId === null ? 'Uploads when you add the product' : 'Waiting...'}
                  </p>
                )}
                {item.status === 'uploading' && (
                  <>
                    <progress
                      max={100}
                      value={Math.round(item.progress * 100)}
                      aria-label={`Uploading ${item.file.name}`}
                    />
                    <p className="vendor-muted">
                      {item.progress >= 1 ? 'Processing...' : `Uploading ${Math.round(item.progress * 100)}%`}
                    </p>
                  </>
                )}
                {item.status === 'done' && <p className="vendor-upload__done">Uploaded</p>}
                {item.status === 'failed' && <p className="field__error">{item.error}</p>}
              </div>
              {(item.status === 'waiting' || item.status === 'failed') && (
                <div className="vendor-upload__actions">
                  {item.status === 'failed' && productId !== null && photoProblem(item.file) === null && (
                    <button type="button" className="vendor-link-button" onClick={() => queue.retry(item.key)}>
                      Try again<span className="visually-hidden"> ({item.file.name})</span>
                    </button>
                  )}
                  <button type="button" className="vendor-link-button" onClick={() => queue.remove(item.key)}>
                    Remove<span className="visually-hidden"> {item.file.name}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
