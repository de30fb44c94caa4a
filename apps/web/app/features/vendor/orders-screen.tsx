import type { ShipRequest, VendorOrderSummary } from '@soko/contract/checkout'
import { COLLECTION_WAY_LABELS, COLLECTION_WAYS, type CollectionBody } from '@soko/contract/pay-on-delivery'
import type { ReturnView } from '@soko/contract/returns'
import { formatPhone } from '@soko/domain/phone'
import { CARRIERS, type Carrier, carrierNeedsReference } from '@soko/domain/vendor-part-states'
import { type FormEvent, useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { FormActions, SubmitButton } from '../../components/ui/form-actions.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDateTime, formatKes } from '../../lib/format.ts'
import { ReturnsList } from './returns-list.tsx'

const TONES: Record<string, Tone> = {
  paid: 'warn',
  processing: 'warn',
  shipped: 'neutral',
  delivered: 'good',
  cancelled: 'bad',
  refunded: 'bad',
}

/** Whether the part waits to be shipped (paid, or being prepared). */
export const canShip = (order: Pick<VendorOrderSummary, 'status'>) =>
  order.status === 'paid' || order.status === 'processing'

/** The 'Mark as shipped' form: how it travels (from the list), its tracking reference, a note, then confirm. */
function ShipForm({ order, onClose }: { order: VendorOrderSummary; onClose: () => void }) {
  const [carrier, setCarrier] = useState('')
  const [reference, setReference] = useState('')
  const [note, setNote] = useState('')
  const ship = useAnnouncedWrite(
    (body: ShipRequest) => call('POST /api/vendor/orders/:id/ship/', { params: { id: order.id }, body }),
    () => `Order ${order.orderNumber} marked as shipped. The customer has been emailed.`,
  )
  const errors = fieldErrors(ship.error)
  const needsReference = carrier === '' || carrierNeedsReference(carrier)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (ship.isPending) return
    // The server says what is missing (the carrier, or a courier's tracking reference) under each field.
    const body = { carrier: carrier as Carrier, trackingReference: reference.trim(), trackingNote: note.trim() }
    ship.mutate(body, { onSuccess: onClose })
  }
  return (
    <form className="vendor-ship" noValidate onSubmit={onSubmit} aria-label={`Ship order ${order.orderNumber}`}>
      <SelectField
        label="Carrier"
        name="carrier"
        value={carrier}
        onValueChange={setCarrier}
        error={errors.carrier}
        hint="The courier, rider or your own delivery (the customer sees this)."
        required
        // The form opens on the vendor's tap, to choose at once.
        autoFocus
      >
        <option value="">Choose how it travels</option>
        {CARRIERS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label={needsReference ? 'Tracking reference' : 'Tracking reference (optional)'}
        name="trackingReference"
        maxLength={100}
        value={reference}
        onValueChange={setReference}
        error={errors.trackingReference}
        hint={needsReference ? "The courier's tracking or waybill number." : "The rider's name or phone, if you like."}
        required={needsReference}
      />
      <TextField
        label="Tracking note"
        name="trackingNote"
        maxLength={300}
        value={note}
        onValueChange={setNote}
        error={errors.trackingNote}
        hint="Anything else the customer should know (optional)."
      />
      <FormMessage kind="error">
        {ship.isError && Object.keys(errors).length === 0
          ? failureText(ship.error, 'The order could not be marked as shipped.')
          : ''}
      </FormMessage>
      <FormActions
        className="vendor-form__actions"
        submitLabel="Confirm shipped"
        busyLabel="Saving..."
        isBusy={ship.isPending}
        isCancelLocked
        onCancel={onClose}
      />
    </form>
  )
}

/** Pickup orders: the parcel reached the station, then it is handed over against the shopper's collection code. */
function PickupActions({ order }: { order: VendorOrderSummary }) {
  const [code, setCode] = useState('')
  const arrived = useAnnouncedWrite(
    () => call('POST /api/vendor/orders/:id/at-station/', { params: { id: order.id } }),
    () => `Order ${order.orderNumber}: the customer was told the parcel is at the station.`,
  )
  const collect = useAnnouncedWrite(
    () => call('POST /api/vendor/orders/:id/collect/', { params: { id: order.id }, body: { code } }),
    () => `Order ${order.orderNumber} collected.`,
  )
  if (order.status !== 'shipped' || !order.pickup) return null
  if (!order.pickup.atStationAt) {
    return (
      <div className="vendor-form__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={arrived.isPending}
          onClick={() => arrived.mutate(undefined)}
        >
          Parcel is at the station<span className="visually-hidden"> (order {order.orderNumber})</span>
        </button>
        <FormMessage kind="error">
          {arrived.isError ? failureText(arrived.error, 'Could not mark the parcel at the station.') : ''}
        </FormMessage>
      </div>
    )
  }
  const errors = fieldErrors(collect.error)
  return (
    <form
      className="vendor-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!collect.isPending) collect.mutate(undefined)
      }}
    >
      <TextField
        label="Collection code"
        name="code"
        autoComplete="off"
        value={code}
        onValueChange={setCode}
        error={errors.code}
        hint="Type the code the customer shows: the parcel is handed over only against it."
      />
      <FormMessage kind="error">
        {collect.isError && !errors.code ? failureText(collect.error, 'The parcel could not be handed over.') : ''}
      </FormMessage>
      <p className="vendor-form__actions">
        <SubmitButton isBusy={collect.isPending} busyLabel="Checking...">
          Hand over the parcel
        </SubmitButton>
      </p>
    </form>
  )
}

/** Whether a pay-on-delivery part's money may be recorded now (its parcel is out, nothing recorded yet). */
export const awaitsCollection = (order: Pick<VendorOrderSummary, 'status' | 'payOnDelivery'>) =>
  order.payOnDelivery !== null &&
  order.payOnDelivery.collectedAt === null &&
  order.payOnDelivery.refusedAt === null &&
  (order.status === 'shipped' || order.status === 'delivered')

/**
 * Pay-on-delivery parts: what the rider collects, and once the parcel is out, recording the money taken at the door
 * (cash, or M-Pesa with its code) or the parcel refused (it comes back; the customer may not pay on delivery again).
 */
function PayOnDeliveryActions({ order }: { order: VendorOrderSummary }) {
  const [via, setVia] = useState('')
  const [reference, setReference] = useState('')
  const [isRefusing, setRefusing] = useState(false)
  const [reason, setReason] = useState('')
  const collect = useAnnouncedWrite(
    (body: CollectionBody) =>
      call('POST /api/vendor/orders/:id/payment-collected/', { params: { id: order.id }, body }),
    () => `Order ${order.orderNumber}: the payment collected at the door was recorded.`,
  )
  const refuse = useAnnouncedWrite(
    () => call('POST /api/vendor/orders/:id/refused/', { params: { id: order.id }, body: { reason: reason.trim() } }),
    () => `Order ${order.orderNumber}: the refused delivery was recorded and its stock is back on sale.`,
  )
  if (!awaitsCollection(order)) return null
  const errors = fieldErrors(collect.error)
  const onCollect = (event: FormEvent) => {
    event.preventDefault()
    if (collect.isPending) return
    // The server names a missing or unknown way under its field.
    collect.mutate({ via: via as CollectionBody['via'], reference: via === 'mpesa' ? reference.trim() : '' })
  }
  return (
    <div className="vendor-pod">
      <form
        className="vendor-form"
        noValidate
        onSubmit={onCollect}
        aria-label={`Payment for order ${order.orderNumber}`}
      >
        <SelectField
          label="How did the customer pay?"
          name="via"
          value={via}
          onValueChange={setVia}
          error={errors.via}
          required
        >
          <option value="">Choose</option>
          {COLLECTION_WAYS.map((way) => (
            <option key={way} value={way}>
              {COLLECTION_WAY_LABELS[way]}
            </option>
          ))}
        </SelectField>
        {via === 'mpesa' && (
          <TextField
            label="M-Pesa code (optional)"
            name="reference"
            autoComplete="off"
            maxLength={20}
            value={reference}
            onValueChange={setReference}
            error={errors.reference}
            hint="The confirmation code in the M-Pesa message, e.g. SK12AB34CD."
          />
        )}
        <FormMessage kind="error">
          {collect.isError && Object.keys(errors).length === 0
            ? failureText(collect.error, 'The payment could not be recorded.')
            : ''}
        </FormMessage>
        <p className="vendor-form__actions">
          <SubmitButton isBusy={collect.isPending} busyLabel="Saving...">
            Record {formatKes(order.payOnDelivery?.amount ?? 0)} collected
          </SubmitButton>
          {!isRefusing && (
            <button type="button" className="button button--ghost" onClick={() => setRefusing(true)}>
              Customer refused the parcel
            </button>
          )}
        </p>
      </form>
      {isRefusing && (
        <form
          className="vendor-form"
          noValidate
          aria-label={`Refused delivery of order ${order.orderNumber}`}
          onSubmit={(event) => {
            event.preventDefault()
            if (!refuse.isPending) refuse.mutate(undefined)
          }}
        >
          <TextField
            label="What happened (optional)"
            name="reason"
            maxLength={300}
            value={reason}
            onValueChange={setReason}
            hint="The customer is emailed; this part is cancelled, its stock goes back on sale, and pay on delivery is no longer offered to them."
          />
          <FormMessage kind="error">
            {refuse.isError ? failureText(refuse.error, 'The refused delivery could not be recorded.') : ''}
          </FormMessage>
          <FormActions
            className="vendor-form__actions"
            submitLabel="Confirm refused"
            busyLabel="Saving..."
            isBusy={refuse.isPending}
            isCancelLocked={refuse.isPending}
            onCancel={() => setRefusing(false)}
          />
        </form>
      )}
    </div>
  )
}

function OrderCard({ order }: { order: VendorOrderSummary }) {
  const [isShipping, setShipping] = useState(false)
  const deliver = useAnnouncedWrite(
    () => call('POST /api/vendor/orders/:id/deliver/', { params: { id: order.id } }),
    () => `Order ${order.orderNumber} marked as delivered.`,
  )
  const start = useAnnouncedWrite(
    () => call('POST /api/vendor/orders/:id/process/', { params: { id: order.id } }),
    () => `Order ${order.orderNumber} marked as processing.`,
  )
  const titleId = `vendor-order-${order.id}`
  return (
    <li className="card vendor-card vendor-order" aria-labelledby={titleId}>
      <div className="vendor-order__header">
        <h2 id={titleId}>Order {order.orderNumber}</h2>
        <Tag tone={TONES[order.status] ?? 'neutral'}>{order.statusLabel}</Tag>
      </div>
      <p className="vendor-muted">
        <time dateTime={order.date}>{formatDateTime(order.date)}</time>
      </p>
      <dl className="vendor-order__details">
        <div>
          <dt>Customer</dt>
          <dd>{order.customer.name}</dd>
        </div>
        <div>
          <dt>{order.pickup ? 'Pickup station' : 'Deliver to'}</dt>
          <dd>
            {order.pickup
              ? `${order.pickup.station}${order.pickup.atStationAt ? ' (parcel at the station)' : ''}`
              : [order.customer.city, order.customer.county].filter(Boolean).join(', ')}
          </dd>
        </div>
        {order.pickup?.atStationAt && (
          <div>
            <dt>At the station since</dt>
            <dd>{formatDateTime(order.pickup.atStationAt)}</dd>
          </div>
        )}
        {order.pickup?.collectBy && order.status === 'shipped' && (
          <div>
            <dt>Collect by</dt>
            <dd>
              {formatDateTime(order.pickup.collectBy)}
              {order.pickup.pastCollectBy && (
                <>
                  {' '}
                  <Tag tone="bad">Past collect-by</Tag> Arrange its return with the station.
                </>
              )}
            </dd>
          </div>
        )}
        {order.payOnDelivery && (
          <div>
            <dt>Pay on delivery</dt>
            <dd>
              {order.payOnDelivery.refusedAt
                ? 'Refused at the door'
                : order.payOnDelivery.collectedHow
                  ? `${formatKes(order.payOnDelivery.amount)} paid: ${order.payOnDelivery.collectedHow}`
                  : `Collect ${formatKes(order.payOnDelivery.amount)} (cash or M-Pesa) when you hand it over`}
            </dd>
          </div>
        )}
        {order.customer.phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${order.customer.phone}`}>{formatPhone(order.customer.phone)}</a>
            </dd>
          </div>
        )}
        {order.carrierLabel && (
          <div>
            <dt>Shipped with</dt>
            <dd>{[order.carrierLabel, order.trackingReference].filter(Boolean).join(' ')}</dd>
          </div>
        )}
        {order.trackingNote && (
          <div>
            <dt>Tracking note</dt>
            <dd>{order.trackingNote}</dd>
          </div>
        )}
        {order.status === 'delivered' && (
          <div>
            <dt>Receipt</dt>
            <dd>
              {order.deliveryConfirmedAt ? (
                <>
                  Confirmed{' '}
                  <time dateTime={order.deliveryConfirmedAt}>{formatDateTime(order.deliveryConfirmedAt)}</time>
                </>
              ) : (
                'Waiting for the customer to confirm'
              )}
            </dd>
          </div>
        )}
      </dl>
      <ul className="vendor-order__items" aria-label={`Items in order ${order.orderNumber}`}>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id and never move
          <li key={index}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatKes(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="vendor-order__total">
        Subtotal: <strong>{formatKes(order.subtotal)}</strong>
      </p>
      {canShip(order) &&
        (isShipping ? (
          <ShipForm order={order} onClose={() => setShipping(false)} />
        ) : (
          <div className="vendor-form__actions">
            {order.status === 'paid' && (
              <button
                type="button"
                className="button button--ghost"
                disabled={start.isPending}
                aria-busy={start.isPending}
                onClick={() => start.mutate(undefined)}
              >
                {start.isPending ? 'Saving...' : 'Start processing'}
              </button>
            )}
            <button type="button" className="button" onClick={() => setShipping(true)}>
              Mark as shipped
            </button>
          </div>
        ))}
      <PickupActions order={order} />
      <PayOnDeliveryActions order={order} />
      {order.status === 'shipped' && !order.pickup && (
        <div className="vendor-form__actions">
          <button
            type="button"
            className="button"
            disabled={deliver.isPending}
            aria-busy={deliver.isPending}
            onClick={() => deliver.mutate(undefined)}
          >
            {deliver.isPending ? 'Saving...' : 'Mark as delivered'}
          </button>
        </div>
      )}
      <FormMessage kind="error">
        {deliver.isError
          ? failureText(deliver.error, 'The order could not be marked as delivered.')
          : start.isError
            ? failureText(start.error, 'The order could not be marked as processing.')
            : ''}
      </FormMessage>
    </li>
  )
}

/**
 * The shop's paid parts of orders, newest first: start them, ship them with a carrier, then mark them delivered; and
 * its returns, to accept or refuse and to confirm received.
 */
export function OrdersScreen({ orders, returns = [] }: { orders: VendorOrderSummary[]; returns?: ReturnView[] }) {
  const toShip = orders.filter(canShip).length
  return (
    <section className="vendor-screen" aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <p className="vendor-muted">
        {orders.length === 0
          ? 'No orders yet. Paid orders appear here, and you get an email and a text for each.'
          : `${orders.length} paid order${orders.length === 1 ? '' : 's'}, ${toShip} to ship.`}
      </p>
      <ReturnsList returns={returns} />
      {orders.length > 0 && (
        <ul className="vendor-orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  )
}
