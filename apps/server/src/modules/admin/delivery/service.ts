import type { AdminDelivery, AdminStation, DeliveryFeesBody, StationBody } from '@soko/contract/delivery'
import type { Db } from '@soko/db/client'
import { findCounty } from '@soko/domain/counties'
import { centsToKes, kesToCents } from '@soko/domain/money'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { DeliveryService, StationInput, StationRow } from '../../delivery/service.ts'
import { audited, requireAdmin } from '../shared.ts'

const NO_SUCH_STATION = 'No such pickup station.'

function toStation(row: StationRow): AdminStation {
  return {
    id: row.id,
    name: row.name,
    county: row.county,
    town: row.town,
    address: row.address,
    openingHours: row.openingHours,
    fee: centsToKes(row.feeCents),
    active: row.active,
  }
}

function toInput(body: StationBody): StationInput {
  return {
    name: body.name,
    county: findCounty(body.county)?.name ?? body.county,
    town: body.town,
    address: body.address,
    openingHours: body.openingHours,
    feeCents: kesToCents(body.fee),
    active: body.active,
  }
}

/** /admin/delivery: the zone fees, the extra-vendor fee and the pickup stations; every change audited. */
export class AdminDeliveryService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly delivery: DeliveryService,
    /** The fulfil-vendor-order flow: a pickup parcel at the station, and handed over against its code. */
    private readonly pickups: {
      pickupAsAdmin(adminId: number, orderId: number, partId: number, code: string | null): Promise<number>
    },
  ) {}

  /** A pickup part's parcel at the station (`code` null), or collected with `code`. */
  async pickup(ctx: Ctx, orderId: number, partId: number, code: string | null): Promise<void> {
    const admin = requireAdmin(ctx)
    await this.pickups.pickupAsAdmin(admin.id, orderId, partId, code)
  }

  async overview(ctx: Ctx): Promise<AdminDelivery> {
    requireAdmin(ctx)
    const fees = await this.delivery.fees()
    return {
      fees: {
        nairobi: centsToKes(fees.zoneCents.nairobi),
        near: centsToKes(fees.zoneCents.near),
        rest: centsToKes(fees.zoneCents.rest),
        extraVendor: centsToKes(fees.extraVendorCents),
      },
      stations: (await this.delivery.allStations()).map(toStation),
    }
  }

  async setFees(ctx: Ctx, body: DeliveryFeesBody): Promise<AdminDelivery> {
    const before = await this.overview(ctx)
    await audited(ctx, this.db, this.audit, async (t, record) => {
      await this.delivery.saveFees(t, {
        zoneCents: { nairobi: kesToCents(body.nairobi), near: kesToCents(body.near), rest: kesToCents(body.rest) },
        extraVendorCents: kesToCents(body.extraVendor),
      })
      await record({
        action: 'delivery.fees_changed',
        subjectType: 'delivery',
        subjectId: null,
        detail: { name: 'for every order from now on', from: before.fees, to: body },
      })
    })
    this.delivery.clear()
    return this.overview(ctx)
  }

  createStation(ctx: Ctx, body: StationBody): Promise<AdminStation> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const id = await this.delivery.createStation(t, toInput(body))
      await record({
        action: 'pickup_station.created',
        subjectType: 'pickup_station',
        subjectId: id,
        detail: { name: body.name },
      })
      const row = await this.delivery.station(t, id)
      if (!row) throw new Error('created pickup station vanished')
      return toStation(row)
    })
  }

  updateStation(ctx: Ctx, id: number, body: StationBody): Promise<AdminStation> {
    return audited(ctx, this.db, this.audit, async (t, record) => {
      const before = await this.delivery.station(t, id)
      if (!before) throw new AppError('not_found', NO_SUCH_STATION)
      await this.delivery.updateStation(t, id, toInput(body))
      const changed = Object.entries(toInput(body))
        .filter(([key, value]) => before[key as keyof StationInput] !== value)
        .map(([key]) => key)
      await record({
        action: 'pickup_station.updated',
        subjectType: 'pickup_station',
        subjectId: id,
        detail: { name: body.name, changed },
      })
      const row = await this.delivery.station(t, id)
      if (!row) throw new Error('updated pickup station vanished')
      return toStation(row)
    })
  }
}
