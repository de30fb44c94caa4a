import type { VendorImage } from '@soko/contract/vendor'
import { useMutation } from '@tanstack/react-query'
import { useAnnounce } from '../../components/ui/announcer.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { movedIds } from './photo-values.ts'

type Change = { kind: 'order'; ids: number[]; done: string } | { kind: 'delete'; imageId: number }

/** A product's saved images, in order (the first is the primary image): moved earlier or later, or deleted. */
export function PhotoList({
  productId,
  productName,
  images,
  onImages,
}: {
  productId: number | null
  /** For the images' text alternative. */
  productName: string
  images: VendorImage[]
  onImages: (images: VendorImage[]) => void
}) {
  const announce = useAnnounce()
  const change = useMutation({
    mutationFn: (action: Change) =>
      action.kind === 'order'
        ? call('PUT /api/vendor/products/:id/images/order/', {
            params: { id: productId },
            body: { imageIds: action.ids },
          })
        : call('DELETE /api/vendor/products/:id/images/:imageId/', {
            params: { id: productId, imageId: action.imageId },
          }),
    onSuccess: (result, action) => {
      onImages(result)
      announce(action.kind === 'order' ? action.done : 'Photo deleted.')
    },
  })
  const isBusy = change.isPending
  const move = (image: VendorImage, to: number, done: string) =>
    change.mutate({ kind: 'order', ids: movedIds(images, image.id, to), done })

  return (
    <>
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
                    onClick={() => move(image, 0, `Photo ${number} is now the primary photo.`)}
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
                      onClick={() => move(image, index - 1, `Photo ${number} moved earlier.`)}
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
                      onClick={() => move(image, index + 1, `Photo ${number} moved later.`)}
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
    </>
  )
}
