import { type VariantBody, VariantBodySchema, type VendorVariants } from '@soko/contract/vendor'
import { optionNamesFrom, optionNamesProblem, optionValuesProblem } from '@soko/domain/variants'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { readNumber } from './product-values.ts'

// A product's variants in the vendor portal (docs/decisions/0026-product-variants.md): the list, each a product of
// its own to edit, and the form that adds one. The first variant names the options and this product's own values.

interface VariantValues {
  optionNames: string
  currentValues: string
  values: string[]
  price: string
  comparePrice: string
  stockQty: string
  sku: string
}

type VariantErrors = Partial<
  Record<'optionNames' | 'currentValues' | 'optionValues' | 'price' | 'comparePrice' | 'stockQty' | 'sku', string>
>

const empty = (options: number): VariantValues => ({
  optionNames: '',
  currentValues: '',
  values: Array.from({ length: options }, () => ''),
  price: '',
  comparePrice: '',
  stockQty: '',
  sku: '',
})

/** The form as the API's body, or what is wrong at each field (the same rules as the server's). */
function checkVariant(values: VariantValues, variants: VendorVariants) {
  const errors: VariantErrors = {}
  const isFirst = variants.optionNames.length === 0
  const names = isFirst ? optionNamesFrom(values.optionNames) : variants.optionNames
  const optionValues = isFirst ? optionNamesFrom(values.values[0] ?? '') : values.values.map((value) => value.trim())
  const currentValues = optionNamesFrom(values.currentValues)
  if (isFirst) {
    const namesProblem = optionNamesProblem(names)
    if (namesProblem) errors.optionNames = namesProblem
    else {
      const ownProblem = optionValuesProblem(names, currentValues, [])
      if (ownProblem) errors.currentValues = ownProblem
    }
  }
  if (!errors.optionNames) {
    const taken = isFirst ? [currentValues] : variants.variants.map((variant) => variant.optionValues)
    const problem = optionValuesProblem(names, optionValues, taken)
    if (problem) errors.optionValues = problem
  }
  const comparePrice = readNumber(values.comparePrice)
  const body = {
    ...(isFirst ? { optionNames: names, currentValues } : {}),
    optionValues,
    price: readNumber(values.price),
    comparePrice: comparePrice ?? null,
    stockQty: readNumber(values.stockQty),
    sku: values.sku.trim(),
  }
  if (body.price === undefined) errors.price = 'Price is required'
  if (body.stockQty === undefined) errors.stockQty = 'Stock is required'
  const parsed = VariantBodySchema.safeParse(body)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0]
      if (typeof field === 'string' && field in empty(0)) errors[field as keyof VariantErrors] ??= issue.message
      if (field === 'optionValues') errors.optionValues ??= issue.message
    }
  }
  return Object.keys(errors).length > 0 || !parsed.success
    ? { ok: false as const, errors }
    : { ok: true as const, body: parsed.data }
}

export function VariantsPanel({ productId, variants }: { productId: number; variants: VendorVariants }) {
  const isFirst = variants.optionNames.length === 0
  const [values, setValues] = useState<VariantValues>(() => empty(Math.max(1, variants.optionNames.length)))
  const [errors, setErrors] = useState<VariantErrors>({})
  const add = useAnnouncedWrite(
    (body: VariantBody) => call('POST /api/vendor/products/:id/variants/', { params: { id: productId }, body }),
    (saved) => `Variant added: ${saved.variants.at(-1)?.name ?? ''}.`,
  )
  const set = (field: Exclude<keyof VariantValues, 'values'>) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const setValue = (index: number) => (value: string) => {
    setValues((current) => ({ ...current, values: current.values.map((old, i) => (i === index ? value : old)) }))
    setErrors((current) => ({ ...current, optionValues: undefined }))
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (add.isPending) return
    const result = checkVariant(values, variants)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    add.mutate(result.body, {
      onSuccess: (saved) => setValues(empty(Math.max(1, saved.optionNames.length))),
    })
  }
  const shown: VariantErrors = { ...fieldErrors(add.error), ...errors }
  return (
    <section className="card vendor-card vendor-variants" aria-labelledby="variants-title">
      <h2 id="variants-title">Variants</h2>
      {isFirst ? (
        <p>
          Sell this product in more than one size, colour or capacity: each variant has its own price, stock, SKU and
          photos, and shoppers pick it on one product page.
        </p>
      ) : (
        <table className="vendor-table">
          <caption className="visually-hidden">Variants of {variants.productName}</caption>
          <thead>
            <tr>
              {variants.optionNames.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">SKU</th>
            </tr>
          </thead>
          <tbody>
            {variants.variants.map((variant) => (
              <tr key={variant.id} aria-current={variant.id === productId ? 'true' : undefined}>
                {variant.optionValues.map((value, index) => (
                  <td key={variants.optionNames[index] ?? index}>
                    {index === 0 && variant.id !== productId ? (
                      <Link to={`/vendor-portal/products/${variant.id}`}>{value}</Link>
                    ) : (
                      value
                    )}
                    {index === 0 && variant.id === productId && <span className="visually-hidden"> (this one)</span>}
                  </td>
                ))}
                <td>{formatKes(variant.price)}</td>
                <td>{variant.isActive ? variant.stockQty : 'Off sale'}</td>
                <td>{variant.sku ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="vendor-form" noValidate onSubmit={onSubmit}>
        <h3>Add a variant</h3>
        <FormMessage kind="error">
          {add.isError ? failureText(add.error, 'The variant could not be added. Please try again.') : ''}
        </FormMessage>
        {isFirst ? (
          <>
            <TextField
              label="Options"
              name="optionNames"
              value={values.optionNames}
              onValueChange={set('optionNames')}
              error={shown.optionNames}
              hint="What the variants differ by, separated by commas: Size, or Colour, Size (at most 3)."
            />
            <TextField
              label="This product's values"
              name="currentValues"
              value={values.currentValues}
              onValueChange={set('currentValues')}
              error={shown.currentValues}
              hint="One per option, in the same order: M, or Sand, M."
            />
            <TextField
              label="New variant's values"
              name="optionValues"
              value={values.values[0] ?? ''}
              onValueChange={setValue(0)}
              error={shown.optionValues}
              hint="One per option, in the same order: L, or Sand, L."
            />
          </>
        ) : (
          <div className="form-row">
            {variants.optionNames.map((name, index) => (
              <TextField
                key={name}
                label={name}
                name={index === 0 ? 'optionValues' : `optionValues-${index}`}
                value={values.values[index] ?? ''}
                onValueChange={setValue(index)}
                error={index === 0 ? shown.optionValues : undefined}
                maxLength={40}
              />
            ))}
          </div>
        )}
        <div className="form-row">
          <TextField
            label="Price (KSh)"
            name="price"
            inputMode="decimal"
            value={values.price}
            onValueChange={set('price')}
            error={shown.price}
          />
          <TextField
            label="Compare-at price (KSh)"
            name="comparePrice"
            inputMode="decimal"
            value={values.comparePrice}
            onValueChange={set('comparePrice')}
            error={shown.comparePrice}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Stock"
            name="stockQty"
            inputMode="numeric"
            value={values.stockQty}
            onValueChange={set('stockQty')}
            error={shown.stockQty}
          />
          <TextField
            label="SKU"
            name="sku"
            maxLength={64}
            value={values.sku}
            onValueChange={set('sku')}
            error={shown.sku}
          />
        </div>
        <div className="vendor-form__actions">
          <SubmitButton isBusy={add.isPending} busyLabel="Adding variant...">
            Add variant
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}
