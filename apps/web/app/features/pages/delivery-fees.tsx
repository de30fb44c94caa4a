import { formatKes } from '../../lib/format.ts'
import { days, listed, type SitePolicies } from './policies.ts'

// The delivery fees, zones and pickup stations as the information pages state them: the admin's settings, read from
// GET /api/site/policies/ (the same the checkout's quote charges).

type Delivery = SitePolicies['delivery']

const range = (min: number, max: number) => (min === max ? days(min) : `${min}–${max} business days`)

/** Whether every zone costs the same and further shops add nothing: one fee per order, as before zones. */
export function isFlatFee(delivery: Delivery): boolean {
  const fees = new Set(delivery.zones.map((zone) => zone.fee))
  return fees.size === 1 && delivery.extraVendorFee === 0
}

/**
 * The fee in a phrase: `one flat fee of KSh 500 per order` while the zones cost the same, else
 * `KSh 300 (Nairobi) to KSh 600 (Rest of Kenya) per order, plus KSh 200 for each further shop`.
 */
export function deliveryFeePhrase(delivery: Delivery): string {
  const [first] = delivery.zones
  if (!first) return 'a delivery fee per order'
  if (isFlatFee(delivery)) return `one flat fee of ${formatKes(first.fee)} per order`
  const sorted = [...delivery.zones].sort((a, b) => a.fee - b.fee)
  const low = sorted[0] ?? first
  const high = sorted.at(-1) ?? first
  const span =
    low.fee === high.fee
      ? `${formatKes(low.fee)} per order`
      : `${formatKes(low.fee)} (${low.label}) to ${formatKes(high.fee)} (${high.label}) per order`
  return delivery.extraVendorFee > 0
    ? `${span}, plus ${formatKes(delivery.extraVendorFee)} for each further shop`
    : span
}

/** The zones: the counties in each, the home-delivery fee and the estimated time. */
export function DeliveryZones({ delivery }: { delivery: Delivery }) {
  return (
    <div className="static-page__table-wrap">
      <table className="static-page__table">
        <caption>Home delivery by county</caption>
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Fee (first shop)</th>
            <th scope="col">Estimated time</th>
          </tr>
        </thead>
        <tbody>
          {delivery.zones.map((zone) => (
            <tr key={zone.zone}>
              <th scope="row">
                {zone.label}
                <span className="static-page__table-note">
                  {zone.zone === 'rest' ? 'every other county' : listed(zone.counties)}
                </span>
              </th>
              <td>{formatKes(zone.fee)}</td>
              <td>{range(zone.minDays, zone.maxDays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The active pickup stations, by county, with their fee and hours. */
export function PickupStations({ delivery }: { delivery: Delivery }) {
  if (delivery.stations.length === 0) return <p>There are no pickup stations yet.</p>
  return (
    <div className="static-page__table-wrap">
      <table className="static-page__table">
        <caption>Pickup stations</caption>
        <thead>
          <tr>
            <th scope="col">Station</th>
            <th scope="col">Opening hours</th>
            <th scope="col">Fee (first shop)</th>
            <th scope="col">Ready in</th>
          </tr>
        </thead>
        <tbody>
          {delivery.stations.map((station) => (
            <tr key={station.id}>
              <th scope="row">
                {station.name}
                <span className="static-page__table-note">
                  {station.address}, {station.town}, {station.county}
                </span>
              </th>
              <td>{station.openingHours}</td>
              <td>{formatKes(station.fee)}</td>
              <td>{range(station.minDays, station.maxDays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
