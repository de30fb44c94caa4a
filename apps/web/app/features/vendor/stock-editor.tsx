import type { VendorProduct } from '@soko/contract/vendor'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { readNumber } from './product-values.ts'

/** The stock of one product, edited where it is listed: type the new count, Save. */
export function StockEditor({ product }: { product: VendorProduct }) {
  const [value, setValue] = useState(String(product.stockQty))
  const [error, setError] = useState('')
  const write = useAnnouncedWrite(
    (stockQty: number) =>
      call('PATCH /api/vendor/products/:id/stock/', { params: { id: product.id }, body: { stockQty } }),
    (saved) => `Stock of ${saved.name} set to ${saved.stockQty}.`,
  )
  const id = `stock-${product.id}`
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (write.isPending) return
    const stockQty = readNumber(value)
    if (stockQty === undefined || !Number.isInteger(stockQty) || stockQty < 0) {
      setError('Stock must be a whole number, 0 or more')
      return
    }
    setError('')
    write.mutate(stockQty)
  }
  const shown =
    error ||
    (write.isError
      ? (fieldErrors(write.error).stockQty ?? failureText(write.error, 'Stock was not saved. Please try again.'))
      : '')
  const isChanged = value.trim() !== String(product.stockQty)
  return (
    <form className="vendor-stock" noValidate onSubmit={onSubmit}>
      <label htmlFor={id}>
        Stock<span className="visually-hidden"> of {product.name}</span>
      </label>
      <div className="vendor-stock__row">
        <input
          id={id}
          name="stockQty"
          inputMode="numeric"
          value={value}
          size={5}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value)
            setError('')
          }}
        />
        <button
          type="submit"
          className="button button--ghost vendor-stock__save"
          disabled={write.isPending || !isChanged}
          aria-busy={write.isPending}
        >
          {write.isPending ? 'Saving...' : 'Save'}
          <span className="visually-hidden"> stock of {product.name}</span>
        </button>
      </div>
      {shown && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      )}
      {product.isLowStock && !shown && (
        <p className="vendor-stock__low">{product.stockQty === 0 ? 'Out of stock' : 'Low stock'}</p>
      )}
    </form>
  )
}
