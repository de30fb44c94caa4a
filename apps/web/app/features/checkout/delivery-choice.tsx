import type { DeliveryOptions, DeliveryQuote, PickupStation } from '@soko/contract/delivery'
import { addBusinessDays, zoneOfCounty } from '@soko/domain/delivery'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { CountyOptions } from '../../components/ui/county-options.tsx'
import { SelectField } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { formatDate, formatKes } from '../../lib/format.ts'
import type { CheckoutValues, FieldErrors } from './checkout-form.ts'

/** The delivery fees, zones and stations (the ones the help pages state); one read per visit. */
export function useDeliveryOptions() {
  return useQuery({
    queryKey: ['delivery-options'],
    queryFn: ({ signal }) => call('GET /api/delivery/options/', {}, { signal }),
    staleTime: 5 * 60_000,
  })
}

/** "Thu 26 Nov – Mon 30 Nov": an estimate in business days from today, as dates. */
export function windowDates(minDays: number, maxDays: number, from = new Date()): string {
  const day = (days: number) => formatDate(`${addBusinessDays(from, days)}T09:00:00Z`)
  return `${day(minDays)} – ${day(maxDays)}`
}

function extraNote(options: DeliveryOptions): string {
  return options.extraVendorFee > 0 ? ` (+ ${formatKes(options.extraVendorFee)} for each further shop)` : ''
}

function StationChoice({
  station,
  checked,
  onChoose,
  name,
}: {
  station: PickupStation
  checked: boolean
  onChoose: () => void
  name: string
}) {
  return (
    <label className="checkout-choice checkout-choice--station">
      <input type="radio" name={name} value={String(station.id)} checked={checked} onChange={onChoose} />
      <span className="checkout-station">
        <span className="checkout-station__name">{station.name}</span>
        <span>
          {station.address}, {station.town}
        </span>
        <span>Open {station.openingHours}</span>
        <span>
          {formatKes(station.fee)} · ready {windowDates(station.minDays, station.maxDays)}
        </span>
      </span>
    </label>
  )
}

export interface DeliveryChoiceProps {
  values: CheckoutValues
  errors: FieldErrors
  setValue: <K extends keyof CheckoutValues>(field: K, value: CheckoutValues[K]) => void
  /** The county whose stations are listed (the address's until the shopper picks another). */
  stationCounty: string
  onStationCounty: (county: string) => void
}

/**
 * Home delivery (its fee and window for the address's county) or collection at a pickup station (a county's
 * stations, each with its address, hours, fee and window). The fees shown are the server's; the order summary
 * beside shows the one quote for the choice.
 */
export function DeliveryChoice({ values, errors, setValue, stationCounty, onStationCounty }: DeliveryChoiceProps) {
  const name = useId()
  const options = useDeliveryOptions()
  const data = options.data
  const zone = values.county ? zoneOfCounty(values.county) : null
  const home = data && zone ? data.zones.find((item) => item.zone === zone) : undefined
  const stations = data?.stations.filter((station) => station.county === stationCounty) ?? []
  return (
    <fieldset className="checkout-choices" aria-describedby={errors.delivery ? `${name}-error` : undefined}>
      <legend>Delivery</legend>
      <label className="checkout-choice">
        <input
          type="radio"
          name={`${name}-method`}
          value="home"
          checked={values.deliveryMethod === 'home'}
          onChange={() => setValue('deliveryMethod', 'home')}
        />
        <span>
          Home delivery
          <span className="checkout-choice__detail">
            {home && data
              ? ` ${formatKes(home.fee)}${extraNote(data)} · ${home.label} · arrives ${windowDates(home.minDays, home.maxDays)}`
              : ' Choose your county to see the fee and when it arrives.'}
          </span>
        </span>
      </label>
      <label className="checkout-choice">
        <input
          type="radio"
          name={`${name}-method`}
          value="pickup"
          checked={values.deliveryMethod === 'pickup'}
          onChange={() => setValue('deliveryMethod', 'pickup')}
        />
        <span>
          Pickup station
          <span className="checkout-choice__detail"> Collect it with a code we send you.</span>
        </span>
      </label>
      {values.deliveryMethod === 'pickup' && (
        <div className="checkout-stations">
          <SelectField
            label="Stations in county"
            name="stationCounty"
            value={stationCounty}
            onValueChange={onStationCounty}
          >
            <CountyOptions />
          </SelectField>
          {options.isError && <p className="field__error">We could not load the pickup stations. Try again.</p>}
          {data && stations.length === 0 && stationCounty && (
            <p className="checkout-note">No pickup station in {stationCounty} yet: choose a nearby county.</p>
          )}
          {stations.length > 0 && (
            <div
              role="radiogroup"
              aria-label={`Pickup stations in ${stationCounty}`}
              className="checkout-stations__list"
            >
              {stations.map((station) => (
                <StationChoice
                  key={station.id}
                  station={station}
                  name={`${name}-station`}
                  checked={values.stationId === String(station.id)}
                  onChoose={() => setValue('stationId', String(station.id))}
                />
              ))}
            </div>
          )}
          {data && data.extraVendorFee > 0 && (
            <p className="checkout-note">Each further shop in your order adds {formatKes(data.extraVendorFee)}.</p>
          )}
        </div>
      )}
      {errors.delivery && (
        <p id={`${name}-error`} className="field__error">
          {errors.delivery}
        </p>
      )}
    </fieldset>
  )
}

/** How an order (or the quote) is delivered, in a line: home delivery or the station, and the estimated dates. */
export function DeliverySummary({ delivery }: { delivery: DeliveryQuote | null | undefined }) {
  if (!delivery) return null
  const dates = `${formatDate(`${delivery.earliest}T09:00:00Z`)} – ${formatDate(`${delivery.latest}T09:00:00Z`)}`
  const station = delivery.station
  return (
    <p className="checkout-review__line">
      <strong>Delivery: </strong>
      {delivery.method === 'pickup' && station
        ? `Pickup at ${station.name}, ${station.address}, ${station.town} (open ${station.openingHours}), ready ${dates}`
        : `Home delivery (${delivery.zoneLabel}), estimated ${dates}`}
      {` · ${formatKes(delivery.fee)}`}
    </p>
  )
}
