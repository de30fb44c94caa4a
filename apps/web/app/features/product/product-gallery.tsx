import type { ProductDetail } from '@soko/contract/catalog'
import { useState } from 'react'
import { TapImage } from '../../components/ui/tap-image.tsx'
import { PLACEHOLDER_IMAGE } from '../../lib/cart-store.ts'
import { useDataSaver } from '../../lib/data-saver.ts'

/**
 * The product's pictures (specification section 2): the selected one large (600 px, 1200 px on wide high-density
 * screens), a placeholder when there are none, and dots and thumbnails to choose another when there are several.
 */
export function ProductGallery({ product }: { product: ProductDetail }) {
  const [selected, setSelected] = useState(0)
  const images = product.images
  const current = images[selected] ?? images[0]
  const hasChoice = images.length > 1
  const dataSaver = useDataSaver()
  return (
    <div className="pd-gallery">
      <div className="pd-gallery__main">
        {current ? (
          <TapImage
            // A new element per image, so the old picture never shows under the new one's alt text while loading.
            key={current.id}
            className="pd-gallery__image"
            label={current.alt_text || product.name}
            lowQualitySrc={current.thumbnail}
            src={current.medium}
            srcSet={`${current.medium} 600w, ${current.original} 1200w`}
            sizes="(min-width: 900px) 560px, 100vw"
            alt={current.alt_text || product.name}
            width={600}
            height={600}
            fetchPriority="high"
            decoding={selected === 0 ? 'sync' : 'async'}
          />
        ) : (
          <img
            className="pd-gallery__image pd-gallery__image--placeholder"
            src={PLACEHOLDER_IMAGE}
            alt={product.name}
            width={600}
            height={600}
          />
        )}
        {product.discount_percentage > 0 && (
          <span className="pd-gallery__badge">-{product.discount_percentage}% OFF</span>
        )}
      </div>
      {hasChoice && (
        <div className="pd-gallery__dots">
          {images.map((image, index) => (
            <button
              key={image.id}
              type="button"
              className={index === selected ? 'pd-gallery__dot pd-gallery__dot--active' : 'pd-gallery__dot'}
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => setSelected(index)}
            />
          ))}
        </div>
      )}
      {hasChoice && (
        <ul className="pd-gallery__thumbs" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className={index === selected ? 'pd-gallery__thumb pd-gallery__thumb--active' : 'pd-gallery__thumb'}
                aria-label={`Image ${index + 1}: ${image.alt_text || product.name}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                {dataSaver ? (
                  // Data saver: the pictures wait for a tap on the large one; the thumbnails are numbers.
                  <span aria-hidden="true">{index + 1}</span>
                ) : (
                  <img src={image.thumbnail} alt="" width={200} height={200} loading="lazy" decoding="async" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
