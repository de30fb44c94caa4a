import type { AdminProduct } from '@soko/contract/admin'
import type { AdminFlashSale } from '@soko/contract/flash-sales'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { bindFields, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty, RowAction } from '../../components/ui/list.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { formatMoment, fromNairobiInput, toNairobiInput } from '../../lib/nairobi-time.ts'

const STATES: Record<AdminFlashSale['state'], { label: string; tone: Tone }> = {
  scheduled: { label: 'Scheduled', tone: 'warn' },
  running: { label: 'Running', tone: 'good' },
  sold_out: { label: 'Sold out', tone: 'info' },
  ended: { label: 'Ended', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'bad' },
}

const FIELDS = ['product_id', 'sale_price', 'quantity', 'per_order_limit', 'starts_at', 'ends_at'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>

function emptyValues(): Values {
  const now = Date.now()
  return {
    product_id: '',
    sale_price: '',
    quantity: '10',
    per_order_limit: '1',
    starts_at: toNairobiInput(new Date(now).toISOString()),
    ends_at: toNairobiInput(new Date(now + 6 * 3_600_000).toISOString()),
  }
}

/** Finds products by name, slug or shop, to pick the one on sale. */
function ProductPicker({ onPick }: { onPick: (product: AdminProduct) => void }) {
  const [q, setQ] = useState('')
  const [found, setFound] = useState<AdminProduct[] | null>(null)
  const [failure, setFailure] = useState('')
  const search = async () => {
    setFailure('')
    try {
      setFound((await call('GET /api/admin/products/', { query: { q, per_page: 10, status: 'active' } })).results)
    } catch (error) {
      setFailure(failureText(error, 'Could not search the products.'))
    }
  }
  return (
    <div className="admin-form">
      <TextField
        label="Find a product"
        name="product_search"
        value={q}
        onValueChange={setQ}
        hint="Name, slug or shop"
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            void search()
          }
        }}
      />
      <p>
        <button type="button" className="button button--ghost" onClick={() => void search()}>
          Search products
        </button>
      </p>
      {failure && <p role="alert">{failure}</p>}
      {found !== null &&
        (found.length === 0 ? (
          <p>No product matches.</p>
        ) : (
          <ul aria-label="Products found" className="admin-flash__found">
            {found.map((product) => (
              <li key={product.id}>
                <button type="button" className="button button--ghost" onClick={() => onPick(product)}>
                  Choose {product.name}
                </button>{' '}
                <span className="admin__muted">
                  #{product.id}, {formatKes(product.discounted_price ?? product.price)}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </div>
  )
}

/** Flash sales (decision 0024): schedule one (times in Nairobi time), see each one's state and units, cancel. */
export function FlashSalesScreen({ sales }: { sales: AdminFlashSale[] }) {
  const [values, setValues] = useState<Values>(emptyValues)
  const [picked, setPicked] = useState<AdminProduct | null>(null)
  const create = useAnnouncedWrite(
    (body: Values) =>
      call('POST /api/admin/flash-sales/', {
        body: {
          product_id: Number(body.product_id),
          sale_price: Number(body.sale_price),
          quantity: Number(body.quantity),
          per_order_limit: Number(body.per_order_limit),
          starts_at: fromNairobiInput(body.starts_at) ?? '',
          ends_at: fromNairobiInput(body.ends_at) ?? '',
        },
      }),
    (sale) => `Flash sale of ${sale.product.name} scheduled.`,
  )
  const cancel = useAnnouncedWrite(
    (sale: AdminFlashSale) => call('POST /api/admin/flash-sales/:id/cancel/', { params: { id: sale.id } }),
    (sale) => `Flash sale of ${sale.product.name} cancelled.`,
  )
  const cancelling = useDialog<AdminFlashSale>(cancel)
  const errors = fieldErrors(create.error, FIELDS)
  const field = bindFields(values, errors, (name) => (value) => setValues((now) => ({ ...now, [name]: value })))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(values, {
      onSuccess: () => {
        setValues(emptyValues())
        setPicked(null)
      },
    })
  }

  return (
    <section aria-labelledby="flash-sales-title" className="admin-form">
      <h2 id="flash-sales-title">Flash sales</h2>
      <form className="card admin-card admin-form" aria-labelledby="flash-new-title" onSubmit={submit} noValidate>
        <h3 id="flash-new-title">Schedule a flash sale</h3>
        <ProductPicker
          onPick={(product) => {
            setPicked(product)
            setValues((now) => ({ ...now, product_id: String(product.id) }))
          }}
        />
        <TextField
          label="Product id"
          inputMode="numeric"
          hint={picked ? `${picked.name}, sells for ${formatKes(picked.discounted_price ?? picked.price)}` : undefined}
          {...field('product_id')}
        />
        <TextField label="Sale price (KSh)" inputMode="decimal" {...field('sale_price')} />
        <TextField label="Units on sale" inputMode="numeric" {...field('quantity')} />
        <TextField label="Per-order limit" inputMode="numeric" {...field('per_order_limit')} />
        <TextField label="Starts (Nairobi time)" type="datetime-local" {...field('starts_at')} />
        <TextField label="Ends (Nairobi time)" type="datetime-local" {...field('ends_at')} />
        {create.isError && <p role="alert">{failureText(create.error, 'Could not schedule the flash sale.')}</p>}
        <p>
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Scheduling...' : 'Schedule flash sale'}
          </button>
        </p>
      </form>

      {sales.length === 0 ? (
        <ListEmpty>No flash sales yet.</ListEmpty>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Flash sales</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Sale price</th>
              <th scope="col">Sold</th>
              <th scope="col">Per order</th>
              <th scope="col">When (Nairobi time)</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => (
              <tr key={sale.id}>
                <th scope="row">{sale.product.name}</th>
                <td>
                  {formatKes(sale.sale_price)} <s className="admin__muted">{formatKes(sale.product.effective_price)}</s>
                </td>
                <td>
                  {sale.sold} of {sale.quantity}
                </td>
                <td>{sale.per_order_limit}</td>
                <td>
                  {formatMoment(sale.starts_at)} to {formatMoment(sale.ends_at)}
                </td>
                <td>
                  <Tag tone={STATES[sale.state].tone}>{STATES[sale.state].label}</Tag>
                </td>
                <td>
                  {(sale.state === 'scheduled' || sale.state === 'running' || sale.state === 'sold_out') && (
                    <RowAction
                      label="Cancel"
                      name={`Cancel the flash sale of ${sale.product.name}`}
                      onClick={() => cancelling.show(sale)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cancelling.open && (
        <ConfirmDialog
          title={`Cancel the flash sale of ${cancelling.open.product.name}`}
          description="The sale price stops at once; orders already placed keep theirs."
          confirmLabel="Cancel flash sale"
          busyLabel="Cancelling..."
          danger
          {...writeState(cancel, 'Could not cancel the flash sale.')}
          onConfirm={() => cancelling.open && cancel.mutate(cancelling.open, { onSuccess: cancelling.close })}
          onClose={cancelling.close}
        />
      )}
    </section>
  )
}
