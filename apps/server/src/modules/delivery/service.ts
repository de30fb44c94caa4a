import type { DeliveryChoice, DeliveryOptions, DeliveryQuote, PickupStation } from '@soko/contract/delivery'
import type { Db } from '@soko/db/client'
import {
  COUNTY_ZONES,
  DELIVERY_ZONE_LABELS,
  DELIVERY_ZONES,
  type DeliveryFees,
  type DeliverySnapshot,
  type DeliveryZone,
  deliveryDates,
  deliveryWindow,
  homeDeliveryCents,
  PICKUP_EXTRA_DAYS,
  pickupDeliveryCents,
  zoneOfCounty,
} from '@soko/domain/delivery'
import { centsToKes } from '@soko/domain/money'
import { LoadingCache, TtlCache } from '../../plugins/cache.ts'
import { AppError } from '../../plugins/errors.ts'
import * as repo from './repository.ts'

export type { StationInput, StationRow } from './repository.ts'

const MINUTE = 60_000

/** The fees before the admin sets any: the configuration's (SHIPPING_FEE_KES in every zone, so one flat fee). */
export interface DeliveryDefaults {
  zoneCents: number
  extraVendorCents: number
}

/** A delivery as priced: its fee, the quote's delivery line and what the order keeps. */
export interface PricedDelivery {
  feeCents: number
  quote: DeliveryQuote | null
  snapshot: DeliverySnapshot | null
}

export const UNKNOWN_STATION = 'That pickup station does not exist. Choose one from the list.'
export const CLOSED_STATION = 'That pickup station no longer takes parcels. Choose another one.'

/** The delivery line as the API shows it, from what an order keeps (or a quote computed). */
export function deliveryQuoteOf(snapshot: DeliverySnapshot): DeliveryQuote {
  return {
    method: snapshot.method,
    zone: snapshot.zone,
    zoneLabel: DELIVERY_ZONE_LABELS[snapshot.zone],
    county: snapshot.county,
    station: snapshot.station,
    fee: centsToKes(snapshot.feeCents),
    parcels: snapshot.parcels,
    earliest: snapshot.earliest,
    latest: snapshot.latest,
  }
}

/**
 * Delivery (issue 20): the fees the admin sets (the configuration's until then), the pickup stations, and the price
 * of a delivery choice for a number of parcels. The fees are cached a minute, and dropped at once in this process
 * after an admin's change.
 */
export class DeliveryService {
  private readonly cache = new LoadingCache(new TtlCache<DeliveryFees>(MINUTE, 1))
  private readonly optionsCache = new LoadingCache(new TtlCache<DeliveryOptions>(MINUTE, 1))

  constructor(
    private readonly db: Db,
    private readonly defaults: DeliveryDefaults,
  ) {}

  /** The fees as they are now. Not inside a transaction (PGlite has one connection): read before it. */
  fees(): Promise<DeliveryFees> {
    return this.cache.get('fees', async () => {
      const row = await repo.fees(this.db)
      if (!row) {
        const zone = this.defaults.zoneCents
        return {
          zoneCents: { nairobi: zone, near: zone, rest: zone },
          extraVendorCents: this.defaults.extraVendorCents,
        }
      }
      return {
        zoneCents: { nairobi: row.nairobiCents, near: row.nearCents, rest: row.restCents },
        extraVendorCents: row.extraVendorCents,
      }
    })
  }

  clear(): void {
    this.cache.clear()
    this.optionsCache.clear()
  }

  /**
   * The price of `choice` for `parcels` parcels, in `db` (the order's transaction, which may lock nothing here: the
   * station is read as it is). No choice: home delivery to `addressCounty`, or without one at the highest zone fee,
   * so that the fee a cart shows can only fall at checkout. An unknown or closed station is refused on its field.
   */
  async price(
    db: Db,
    fees: DeliveryFees,
    choice: DeliveryChoice | undefined,
    addressCounty: string | null,
    parcels: number,
    now: Date = new Date(),
  ): Promise<PricedDelivery> {
    let snapshot: DeliverySnapshot
    if (choice?.method === 'pickup') {
      const station = await repo.station(db, choice.stationId)
      if (!station) throw stationError(UNKNOWN_STATION)
      if (!station.active) throw stationError(CLOSED_STATION)
      const zone = zoneOfCounty(station.county) ?? 'rest'
      snapshot = {
        method: 'pickup',
        zone,
        county: station.county,
        station: {
          id: station.id,
          name: station.name,
          county: station.county,
          town: station.town,
          address: station.address,
          openingHours: station.openingHours,
        },
        feeCents: pickupDeliveryCents(fees, station.feeCents, parcels),
        parcels,
        ...deliveryDates('pickup', zone, now),
      }
    } else {
      const county = choice?.county ?? addressCounty
      const zone: DeliveryZone = county === null ? highestZone(fees) : (zoneOfCounty(county) ?? highestZone(fees))
      snapshot = {
        method: 'home',
        zone,
        county,
        station: null,
        feeCents: homeDeliveryCents(fees, zone, parcels),
        parcels,
        ...deliveryDates('home', zone, now),
      }
    }
    if (parcels === 0) return { feeCents: 0, quote: null, snapshot: null }
    return { feeCents: snapshot.feeCents, quote: deliveryQuoteOf(snapshot), snapshot }
  }

  /** The zones with their fees and counties, the extra-vendor fee and the active stations (of one county). */
  options(county?: string): Promise<DeliveryOptions> {
    // Every station's options are the same object until a change (the information pages prepare their body once).
    return county === undefined ? this.optionsCache.get('all', () => this.readOptions()) : this.readOptions(county)
  }

  private async readOptions(county?: string): Promise<DeliveryOptions> {
    const fees = await this.fees()
    const stations = await repo.stations(this.db, county === undefined ? {} : { county })
    return {
      zones: DELIVERY_ZONES.map((zone) => ({
        zone,
        label: DELIVERY_ZONE_LABELS[zone],
        fee: centsToKes(fees.zoneCents[zone]),
        ...deliveryWindow('home', zone),
        counties: [...COUNTY_ZONES].filter(([, of]) => of === zone).map(([name]) => name),
      })),
      extraVendorFee: centsToKes(fees.extraVendorCents),
      pickupExtraDays: PICKUP_EXTRA_DAYS,
      stations: stations.map(publicStation),
    }
  }

  /** Every station, inactive ones too (the admin's list). */
  allStations(): Promise<repo.StationRow[]> {
    return repo.stations(this.db, { all: true })
  }

  station(db: Db, id: number): Promise<repo.StationRow | null> {
    return repo.station(db, id)
  }

  // Writing (the admin's changes, in the caller's audited transaction `t`; `clear()` after it commits)

  saveFees(t: Db, fees: DeliveryFees): Promise<void> {
    return repo.saveFees(t, {
      nairobiCents: fees.zoneCents.nairobi,
      nearCents: fees.zoneCents.near,
      restCents: fees.zoneCents.rest,
      extraVendorCents: fees.extraVendorCents,
    })
  }

  createStation(t: Db, input: repo.StationInput): Promise<number> {
    return repo.insertStation(t, input)
  }

  updateStation(t: Db, id: number, input: repo.StationInput): Promise<boolean> {
    return repo.updateStation(t, id, input)
  }
}

function publicStation(row: repo.StationRow): PickupStation {
  const zone = zoneOfCounty(row.county) ?? 'rest'
  return {
    id: row.id,
    name: row.name,
    county: row.county,
    town: row.town,
    address: row.address,
    openingHours: row.openingHours,
    fee: centsToKes(row.feeCents),
    zone,
    ...deliveryWindow('pickup', zone),
  }
}

/** The zone whose home-delivery fee is highest (the last such in Nairobi, near, rest order: usually the rest). */
function highestZone(fees: DeliveryFees): DeliveryZone {
  return DELIVERY_ZONES.reduce((best, zone) => (fees.zoneCents[zone] >= fees.zoneCents[best] ? zone : best))
}

function stationError(message: string): AppError {
  return new AppError('invalid_data', message, { 'delivery.stationId': [message] })
}
