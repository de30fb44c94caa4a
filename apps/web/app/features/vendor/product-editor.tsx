import type { VendorProductDetail } from '@soko/contract/vendor'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { useAnnounce } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { addedSummary } from './photo-values.ts'
import { ProductDetailsFields, ProductSaleFields } from './product-fields.tsx'
import { ProductPhotos } from './product-photos.tsx'
import type { CategoryChoice, ProductBody } from './product-values.ts'
import { useProductForm } from './use-product-form.ts'
import { useProductImages } from './use-product-images.ts'

export interface ProductEditorProps {
  /** null: the 'Add product' form. */
  product: VendorProductDetail | null
  categories: CategoryChoice[]
  /** A new product was created: the page moves to its address and keeps this form (and its uploads) as it is. */
  onCreated: (id: number) => void
}

/** Why shoppers cannot see the product, and what to do about it. */
function TakenDown({ reason }: { reason: string }) {
  return (
    <div className="vendor-alert" role="alert">
      <h2>Taken down by Soko</h2>
      <p>
        Reason: <strong>{reason}</strong>
      </p>
      <p>
        Shoppers cannot see or buy this product. Fix what the reason says, then{' '}
        <Link to="/contact">contact Soko support</Link> to put it back on sale.
      </p>
    </div>
  )
}

/**
 * The add-product and edit form (specification section 2's local form, made real: DESIGN S4): photos, name, slug
 * (made from the name until the vendor changes it), description, category, price, compare-at price, stock, low-stock
 * threshold, active. Checked with the API's schema; the server's field errors show at their fields and nothing typed
 * is lost when a save fails. Photos chosen for a new product wait, and upload once it is added.
 */
export function ProductEditor({ product, categories, onCreated }: ProductEditorProps) {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const announce = useAnnounce()
  const [productId, setProductId] = useState<number | null>(product?.id ?? null)
  const form = useProductForm(product)
  const { images, setImages, queue } = useProductImages(product, productId)

  const save = useMutation({
    mutationFn: (body: ProductBody) =>
      productId === null
        ? call('POST /api/vendor/products/', { body })
        : call('PUT /api/vendor/products/:id/', { params: { id: productId }, body }),
    onSuccess: (saved) => {
      form.saved(saved)
      if (productId !== null) {
        announce('Product saved.')
        revalidator.revalidate()
        return
      }
      // The waiting photos start uploading now that the product exists.
      setProductId(saved.id)
      onCreated(saved.id)
      announce(addedSummary(queue.items.filter((item) => item.status === 'waiting').length))
      navigate(`/vendor-portal/products/${saved.id}`, { replace: true, state: { keepAnnouncement: true } })
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (save.isPending) return
    const body = form.check(event.currentTarget)
    if (body) save.mutate(body)
  }

  const errors = form.shownErrors(save.error)
  const takenDown = product?.deactivatedReason ?? null
  const isNew = productId === null
  return (
    <form className="card vendor-form vendor-card" noValidate onSubmit={onSubmit}>
      {takenDown && <TakenDown reason={takenDown} />}
      <FormMessage kind="error">
        {save.isError ? failureText(save.error, 'The product could not be saved. Please try again.') : ''}
      </FormMessage>
      <ProductPhotos
        productId={productId}
        productName={form.values.name}
        images={images}
        onImages={setImages}
        queue={queue}
      />
      <ProductDetailsFields form={form} errors={errors} categories={categories} />
      <ProductSaleFields form={form} errors={errors} takenDown={takenDown} />
      <div className="vendor-form__actions">
        <SubmitButton isBusy={save.isPending} busyLabel={isNew ? 'Adding product...' : 'Saving...'}>
          {isNew ? 'Add product' : 'Save changes'}
        </SubmitButton>
        <Link to="/vendor-portal/products" className="button button--ghost">
          Back to products
        </Link>
      </div>
    </form>
  )
}
