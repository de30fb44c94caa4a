import type { VendorProductDetail } from '@soko/contract/vendor'
import { useState } from 'react'
import { fieldErrors } from '../../lib/form-errors.ts'
import {
  checkProduct,
  emptyProduct,
  firstProductError,
  type ProductBody,
  type ProductErrors,
  type ProductField,
  type ProductValues,
  productValues,
  shownProductErrors,
  suggestSlug,
} from './product-values.ts'

/** A field typed as text (all but the on-sale checkbox). */
type TypedField = Exclude<ProductField, 'isActive'>

/**
 * The product form's values as typed and their errors. The slug follows the name until the vendor types one; what
 * was sent is kept, so the server's errors show only for what the vendor has not changed since.
 */
export function useProductForm(product: VendorProductDetail | null) {
  const [values, setValues] = useState<ProductValues>(() => (product ? productValues(product) : emptyProduct()))
  const [isSlugEdited, setSlugEdited] = useState(product !== null)
  const [errors, setErrors] = useState<ProductErrors>({})
  const [sent, setSent] = useState<ProductValues | null>(null)

  const set = (field: TypedField) => (value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value }
      if (field === 'name' && !isSlugEdited) next.slug = suggestSlug(value)
      return next
    })
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  return {
    values,
    set,
    /** A slug typed by the vendor stops following the name; emptied, it follows it again. */
    setSlug: (value: string) => {
      setSlugEdited(value !== '')
      set('slug')(value)
    },
    setActive: (isActive: boolean) => setValues((current) => ({ ...current, isActive })),
    /** This form's errors and the server's (from the last save's error) that still apply. */
    shownErrors: (saveError: unknown) => shownProductErrors(errors, fieldErrors(saveError), sent, values),
    /**
     * Checks the form: its errors shown and the cursor on the first, or the body to send (what was typed is then
     * remembered as sent).
     */
    check: (form: HTMLFormElement): ProductBody | null => {
      const result = checkProduct(values)
      if (!result.ok) {
        setErrors(result.errors)
        const first = firstProductError(result.errors)
        if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
        return null
      }
      setErrors({})
      setSent(values)
      return result.body
    },
    /** The server's copy of the saved product becomes the form's values. */
    saved: (saved: VendorProductDetail) => {
      setValues(productValues(saved))
      setSent(null)
    },
  }
}
