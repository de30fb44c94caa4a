import type { VendorImage, VendorProductDetail } from '@soko/contract/vendor'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { useAnnounce } from '../../components/ui/announcer.tsx'
import { CheckboxField, FormMessage, SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { api } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/write-errors.ts'
import { ProductPhotos } from './product-photos.tsx'
import {
  type CategoryChoice,
  checkProduct,
  emptyProduct,
  firstProductError,
  groupCategories,
  type ProductErrors,
  type ProductField,
  type ProductValues,
  productValues,
  suggestSlug,
} from './product-values.ts'
import { usePhotoQueue } from './use-photo-queue.ts'

export interface ProductEditorProps {
  /** null: the 'Add product' form. */
  product: VendorProductDetail | null
  categories: CategoryChoice[]
  /** A new product was created: the page moves to its address and keeps this form (and its uploads) as it is. */
  onCreated: (id: number) => void
}

/** Whether the product is on sale, off sale, or taken down by an admin. */
export function ProductStatus({ product }: { product: Pick<VendorProductDetail, 'isActive' | 'deactivatedReason'> }) {
  if (product.deactivatedReason) return <Tag tone="bad">Taken down by Soko</Tag>
  return product.isActive ? <Tag tone="good">On sale</Tag> : <Tag>Off sale</Tag>
}

/**
 * The add-product and edit form (specification section 2's local form, made real: DESIGN S4): photos, name, slug
 * (made from the name until the vendor changes it), description, category, price, compare-at price, stock, low-stock
 * threshold, active. Checked with the API's schema; the server's field errors show at their fields and nothing typed
 * is lost when a save fails.
 */
export function ProductEditor({ product, categories, onCreated }: ProductEditorProps) {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const announce = useAnnounce()
  const [values, setValues] = useState<ProductValues>(() => (product ? productValues(product) : emptyProduct()))
  const [isSlugEdited, setSlugEdited] = useState(product !== null)
  const [errors, setErrors] = useState<ProductErrors>({})
  const [sent, setSent] = useState<ProductValues | null>(null)
  const [productId, setProductId] = useState<number | null>(product?.id ?? null)
  const [images, setImages] = useState<VendorImage[]>(product?.images ?? [])
  const queue = usePhotoQueue(productId, images.length, setImages)

  // The page's data is the server's latest word on the images (after a revalidation).
  useEffect(() => {
    if (product) setImages(product.images)
  }, [product])

  // When the chosen photos have all gone, say how it went and tidy the list (the failures stay, with their reasons).
  const wasBusy = useRef(false)
  useEffect(() => {
    if (queue.isBusy) {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    const done = queue.items.filter((item) => item.status === 'done').length
    const failed = queue.items.filter((item) => item.status === 'failed').length
    if (done > 0 || failed > 0) {
      const parts = [done > 0 ? `${done} photo${done === 1 ? '' : 's'} uploaded.` : '']
      if (failed > 0) parts.push(`${failed} photo${failed === 1 ? '' : 's'} could not be uploaded: see why below.`)
      announce(parts.filter(Boolean).join(' '))
      queue.clearDone()
      revalidator.revalidate()
    }
  }, [queue.isBusy, queue.items, queue.clearDone, announce, revalidator])

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      productId === null
        ? api<VendorProductDetail>('/api/vendor/products/', { method: 'POST', body })
        : api<VendorProductDetail>(`/api/vendor/products/${productId}/`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      setValues(productValues(saved))
      setSent(null)
      if (productId === null) {
        // The waiting photos start uploading now that the product exists.
        setProductId(saved.id)
        onCreated(saved.id)
        const waiting = queue.items.filter((item) => item.status === 'waiting').length
        announce(
          waiting > 0
            ? `Product added. Uploading ${waiting} photo${waiting === 1 ? '' : 's'}...`
            : 'Product added. Add photos so shoppers can see it.',
        )
        navigate(`/vendor-portal/products/${saved.id}`, { replace: true, state: { keepAnnouncement: true } })
      } else {
        announce('Product saved.')
        revalidator.revalidate()
      }
    },
  })

  const serverErrors = fieldErrors(save.error) as ProductErrors
  const shown: ProductErrors = { ...errors }
  for (const [field, message] of Object.entries(serverErrors) as [ProductField, string][]) {
    if (field === 'isActive' || !sent || sent[field] === values[field]) shown[field] ??= message
  }

  const set = (field: Exclude<ProductField, 'isActive'>) => (value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value }
      if (field === 'name' && !isSlugEdited) next.slug = suggestSlug(value)
      return next
    })
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (save.isPending) return
    const check = checkProduct(values)
    if (!check.ok) {
      setErrors(check.errors)
      const first = firstProductError(check.errors)
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setErrors({})
    setSent(values)
    save.mutate(check.body)
  }

  const takenDown = product?.deactivatedReason ?? null
  const groups = groupCategories(categories)
  const isNew = productId === null
  return (
    <form className="vendor-form vendor-card" noValidate onSubmit={onSubmit}>
      {takenDown && (
        <div className="vendor-alert" role="alert">
          <h2>Taken down by Soko</h2>
          <p>
            Reason: <strong>{takenDown}</strong>
          </p>
          <p>
            Shoppers cannot see or buy this product. Fix what the reason says, then{' '}
            <Link to="/contact">contact Soko support</Link> to put it back on sale.
          </p>
        </div>
      )}
      <FormMessage kind="error">
        {save.isError ? failureText(save.error, 'The product could not be saved. Please try again.') : ''}
      </FormMessage>

      <ProductPhotos
        productId={productId}
        productName={values.name}
        images={images}
        onImages={setImages}
        queue={queue}
      />

      <TextField
        label="Product name"
        name="name"
        required
        maxLength={200}
        value={values.name}
        onValueChange={set('name')}
        error={shown.name}
      />
      <TextField
        label="Slug"
        name="slug"
        maxLength={120}
        autoCapitalize="none"
        spellCheck={false}
        value={values.slug}
        onValueChange={(value) => {
          setSlugEdited(value !== '')
          set('slug')(value)
        }}
        error={shown.slug}
        hint={`The product's web address: /product/${values.slug || suggestSlug(values.name) || 'your-product'}. Made from the name; lowercase letters, digits and hyphens.`}
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={5}
        maxLength={5000}
        value={values.description}
        onValueChange={set('description')}
        error={shown.description}
        hint="Size, material, what is in the box, delivery notes."
      />
      <SelectField
        label="Category"
        name="categoryId"
        required
        value={values.categoryId}
        onValueChange={set('categoryId')}
        error={shown.categoryId}
      >
        <option value="">Choose a category</option>
        {groups.map((group) =>
          group.label === null ? (
            group.options.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.name}
              </option>
            ))
          ) : (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.name}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </SelectField>
      <div className="vendor-form__row">
        <TextField
          label="Price (KSh)"
          name="price"
          inputMode="decimal"
          required
          value={values.price}
          onValueChange={set('price')}
          error={shown.price}
          hint="What the shopper pays."
        />
        <TextField
          label="Compare-at price (KSh)"
          name="comparePrice"
          inputMode="decimal"
          value={values.comparePrice}
          onValueChange={set('comparePrice')}
          error={shown.comparePrice}
          hint="Optional: the higher price shown struck through, to show a discount. Leave empty for none."
        />
      </div>
      <div className="vendor-form__row">
        <TextField
          label="Stock"
          name="stockQty"
          inputMode="numeric"
          required
          value={values.stockQty}
          onValueChange={set('stockQty')}
          error={shown.stockQty}
          hint="How many you can sell now."
        />
        <TextField
          label="Low-stock threshold"
          name="lowStockThreshold"
          inputMode="numeric"
          value={values.lowStockThreshold}
          onValueChange={set('lowStockThreshold')}
          error={shown.lowStockThreshold}
          hint="The dashboard warns you when stock falls to this number."
        />
      </div>
      <CheckboxField
        label="Active (on sale)"
        name="isActive"
        checked={values.isActive && !takenDown}
        disabled={takenDown !== null}
        onCheckedChange={(isActive) => setValues((current) => ({ ...current, isActive }))}
        hint="Untick to take it off sale: shoppers stop seeing it; past orders keep it."
        error={shown.isActive}
      />
      <div className="vendor-form__actions">
        <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? (isNew ? 'Adding product...' : 'Saving...') : isNew ? 'Add product' : 'Save changes'}
        </button>
        <Link to="/vendor-portal/products" className="button button--ghost">
          Back to products
        </Link>
      </div>
    </form>
  )
}
