import type { AdminFlashSale, FlashSaleBody, FlashSaleOffer, FlashSales } from '@soko/contract/flash-sales'
import type { Db } from '@soko/db/client'
import { flashSaleProblems, flashSaleState, type SaleOffer, unitsLeft } from '@soko/domain/flash-sales'
import { centsToKes, kesToCents } from '@soko/domain/money'
import { AppError } from '../../plugins/errors.ts'
import * as repo from './flash-sale-repository.ts'
import { listVisibleProducts } from './listing-read-model.ts'
import { toVariantListing } from './mappers.ts'

const NOT_FOUND = 'No flash sale with this id.'
/** How many running sales the home page shows at most. */
const HOME_SALES = 12
const ADMIN_LIST = 200

/** A running sale as a quote line prices it: the offer, and the sale's id and end. */
export interface RunningSale extends SaleOffer {
  id: number
  endsAt: Date
}

/** A line's sale units, as an order takes them. */
export interface SaleUnitsLine {
  flashSaleId: number
  productId: number
  quantity: number
}

/** The running sales of these products, by product id (sold-out ones included, with no units left), in `db`. */
export async function runningSalesFor(db: Db, productIds: readonly number[]): Promise<Map<number, RunningSale>> {
  const rows = await repo.runningSalesOf(db, productIds)
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        id: row.id,
        salePriceCents: row.sale_price_cents,
        unitsLeft: unitsLeft({ quantity: row.quantity, soldCount: row.sold_count }),
        perOrderLimit: row.per_order_limit,
        endsAt: row.ends_at,
      },
    ]),
  )
}

function toAdminSale(row: repo.AdminSaleRow, now: Date): AdminFlashSale {
  return {
    id: row.id,
    product: {
      id: row.product_id,
      name: row.product_name,
      slug: row.product_slug,
      price: centsToKes(row.price_cents),
      effective_price: centsToKes(row.effective_price_cents),
    },
    sale_price: centsToKes(row.sale_price_cents),
    quantity: row.quantity,
    sold: row.sold_count,
    units_left: unitsLeft({ quantity: row.quantity, soldCount: row.sold_count }),
    per_order_limit: row.per_order_limit,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    state: flashSaleState(
      {
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        quantity: row.quantity,
        soldCount: row.sold_count,
        cancelledAt: row.cancelled_at,
      },
      now,
    ),
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by_email,
  }
}

/**
 * Flash sales (decision 0024): a product at a sale price for a limited number of units between two times. The
 * quote asks which sales are running (`runningSalesFor`, under the products' row locks when an order is placed); the
 * order takes sale units with one conditional update (`Stock.takeSaleUnits`); the storefront lists the running ones;
 * the admin area schedules and cancels them. Read fresh (never cached): units left change with every order.
 */
export class FlashSaleCatalog {
  constructor(private readonly db: Db) {}

  /** The running sales with units left, as the home page and a product page show them. */
  async listRunning(productId: number | null): Promise<FlashSales> {
    const now = new Date()
    const sales = await repo.listRunningSales(this.db, productId, HOME_SALES)
    const listed = new Map(
      (await listVisibleProducts(this.db, [...new Set(sales.map((sale) => sale.product_id))])).map((row) => [
        row.id,
        toVariantListing(row),
      ]),
    )
    const offers: FlashSaleOffer[] = sales.flatMap((sale) => {
      const product = listed.get(sale.product_id)
      if (!product || sale.sale_price_cents >= kesToCents(product.effective_price)) return []
      return [
        {
          id: sale.id,
          product,
          sale_price: centsToKes(sale.sale_price_cents),
          original_price: product.effective_price,
          discount_percentage: Math.round((1 - sale.sale_price_cents / kesToCents(product.effective_price)) * 100),
          quantity: sale.quantity,
          units_left: unitsLeft({ quantity: sale.quantity, soldCount: sale.sold_count }),
          per_order_limit: sale.per_order_limit,
          starts_at: sale.starts_at.toISOString(),
          ends_at: sale.ends_at.toISOString(),
        },
      ]
    })
    return { now: now.toISOString(), sales: offers }
  }

  // ── The admin area ───────────────────────────────────────────────────────────────────────────────────────────────

  async list(): Promise<AdminFlashSale[]> {
    const now = new Date()
    return (await repo.listSales(this.db, ADMIN_LIST)).map((row) => toAdminSale(row, now))
  }

  async require(db: Db, id: number): Promise<AdminFlashSale> {
    const row = await repo.getSale(db, id)
    if (!row) throw new AppError('not_found', NOT_FOUND)
    return toAdminSale(row, new Date())
  }

  /** Schedules a sale (its product's row locked, so two overlapping schedules cannot both pass); its id and name. */
  async schedule(t: Db, adminId: number, body: FlashSaleBody): Promise<{ id: number; name: string }> {
    const product = await repo.lockProduct(t, body.product_id)
    if (!product) {
      throw new AppError('not_found', 'No product with this id.', { product_id: ['No product with this id'] })
    }
    const schedule = {
      salePriceCents: kesToCents(body.sale_price),
      quantity: body.quantity,
      perOrderLimit: body.per_order_limit,
      startsAt: new Date(body.starts_at),
      endsAt: new Date(body.ends_at),
    }
    const others = (await repo.windowsOf(t, product.id)).map((row) => ({
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      cancelledAt: row.cancelled_at,
    }))
    const problems = flashSaleProblems(schedule, { priceCents: product.effective_price_cents, others, now: new Date() })
    const fields = Object.entries(problems)
    if (fields.length > 0) {
      const [, first] = fields[0] ?? []
      throw new AppError(
        'invalid_data',
        first ?? 'The flash sale cannot be scheduled',
        Object.fromEntries(fields.map(([field, message]) => [field, [message]])),
      )
    }
    const id = await repo.insertSale(t, { productId: product.id, ...schedule, createdBy: adminId })
    return { id, name: product.name }
  }

  /** Cancels a sale not yet over; its product's name. */
  async cancel(t: Db, id: number): Promise<{ name: string }> {
    const row = await repo.getSale(t, id, true)
    if (!row) throw new AppError('not_found', NOT_FOUND)
    if (row.cancelled_at !== null) throw new AppError('conflict', 'This flash sale is already cancelled.')
    if (row.ends_at.getTime() <= Date.now()) throw new AppError('conflict', 'This flash sale has already ended.')
    await repo.cancelSale(t, id)
    return { name: row.product_name }
  }
}
