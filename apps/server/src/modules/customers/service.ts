import type { ProductListing } from '@soko/contract/catalog'
import {
  type Address,
  type AddressBody,
  MAX_ADDRESSES,
  MAX_PAYMENT_METHODS,
  MAX_WISHLIST_ITEMS,
  type PaymentMethod,
  type PaymentMethodBody,
} from '@soko/contract/user'
import type { Db } from '@soko/db/client'
import { maskKenyanMobile } from '@soko/domain/phone'
import { type Ctx, requireUser } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import { isUniqueViolation } from '../accounts/service.ts'
import type { Users } from '../accounts/users.ts'
import type { CatalogService } from '../catalog/service.ts'
import * as repo from './repository.ts'

const notFound = (what: string) => new AppError('not_found', `No such ${what}.`)

/** The lists with a default row: what one is called, and how many a customer may keep. */
const LISTS: Record<repo.DefaultList, { what: string; max: number; full: string }> = {
  addresses: {
    what: 'address',
    max: MAX_ADDRESSES,
    full: `You can save up to ${MAX_ADDRESSES} addresses. Remove one first.`,
  },
  payment_methods: {
    what: 'payment method',
    max: MAX_PAYMENT_METHODS,
    full: `You can save up to ${MAX_PAYMENT_METHODS} payment methods. Remove one first.`,
  },
}

function toAddress(row: repo.AddressRow): Address {
  return {
    id: row.id,
    label: row.label,
    firstName: row.first_name,
    lastName: row.last_name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    county: row.county,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
    isDefault: row.is_default,
  }
}

function toPaymentMethod(row: repo.PaymentMethodRow): PaymentMethod {
  const isMpesa = row.type === 'mpesa'
  return {
    id: row.id,
    type: isMpesa ? 'M-PESA' : 'card',
    last4: isMpesa ? maskKenyanMobile(row.phone ?? '') : (row.last4 ?? ''),
    expiry: isMpesa ? null : row.expiry,
    name: row.name,
    brand: row.brand,
    isDefault: row.is_default,
  }
}

/** Whether a card's MM/YY expiry has passed (a card works to the end of its month). */
export function hasExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number)
  if (!month || year === undefined) return true
  return new Date(Date.UTC(2000 + year, month, 1)) <= now
}

/**
 * What the signed-in customer keeps (addresses, payment methods, wishlist; the profile is the accounts module's). Every function takes the request context first and acts only on the
 * caller's rows (the repository scopes every statement by user id); an id of someone else's row is a 404.
 */
export class CustomerService {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly catalog: CatalogService,
  ) {}

  private userId(ctx: Ctx): number {
    return requireUser(ctx).id
  }

  /** One change to a user's lists at a time. */
  private withUserLock<T>(userId: number, work: (t: Db) => Promise<T>): Promise<T> {
    return this.users.withLock(userId, work)
  }

  async listAddresses(ctx: Ctx): Promise<Address[]> {
    return (await repo.listAddresses(this.db, this.userId(ctx))).map(toAddress)
  }

  /**
   * Adds a row to a list (`insert`, told whether it is the new default), in the user's lock: while there is room,
   * and the first row, or one sent with isDefault, becomes the default.
   */
  private addTo<T>(
    ctx: Ctx,
    list: repo.DefaultList,
    isDefault: boolean | undefined,
    insert: (t: Db, userId: number, makeDefault: boolean) => Promise<T>,
  ): Promise<T> {
    const userId = this.userId(ctx)
    return this.withUserLock(userId, async (t) => {
      const count = await repo.countOf(t, list, userId)
      if (count >= LISTS[list].max) throw new AppError('conflict', LISTS[list].full)
      const makeDefault = count === 0 || isDefault === true
      if (makeDefault) await repo.clearDefault(t, list, userId)
      return insert(t, userId, makeDefault)
    })
  }

  /** Removes one of the user's rows; when it was the default, the newest other one takes its place. */
  private async removeFrom(ctx: Ctx, list: repo.DefaultList, id: number): Promise<void> {
    const userId = this.userId(ctx)
    await this.withUserLock(userId, async (t) => {
      const deleted = await repo.deleteFrom(t, list, userId, id)
      if (!deleted) throw notFound(LISTS[list].what)
      if (deleted.wasDefault) await repo.promoteNewest(t, list, userId)
    })
  }

  /** Makes one of the user's rows the default; the row as it is then (`read`). */
  private makeDefault<Row>(
    ctx: Ctx,
    list: repo.DefaultList,
    id: number,
    read: (t: Db, userId: number, id: number) => Promise<Row | null>,
  ): Promise<Row> {
    const userId = this.userId(ctx)
    return this.withUserLock(userId, async (t) => {
      const row = (await repo.setDefault(t, list, userId, id)) ? await read(t, userId, id) : null
      if (!row) throw notFound(LISTS[list].what)
      return row
    })
  }

  /** Saves an address; the first one, or one sent with isDefault, becomes the default. */
  async createAddress(ctx: Ctx, body: AddressBody): Promise<Address> {
    return this.addTo(ctx, 'addresses', body.isDefault, async (t, userId, makeDefault) =>
      toAddress(await repo.insertAddress(t, userId, body, makeDefault)),
    )
  }

  /** Replaces an address. isDefault true makes it the default; false does not unset it (there is always one). */
  async updateAddress(ctx: Ctx, id: number, body: AddressBody): Promise<Address> {
    const userId = this.userId(ctx)
    return this.withUserLock(userId, async (t) => {
      const row = await repo.updateAddress(t, userId, id, body)
      if (!row) throw notFound('address')
      if (body.isDefault === true && !row.is_default) await repo.setDefault(t, 'addresses', userId, id)
      return toAddress((await repo.getAddress(t, userId, id)) ?? row)
    })
  }

  deleteAddress(ctx: Ctx, id: number): Promise<void> {
    return this.removeFrom(ctx, 'addresses', id)
  }

  async setDefaultAddress(ctx: Ctx, id: number): Promise<Address> {
    return toAddress(await this.makeDefault(ctx, 'addresses', id, repo.getAddress))
  }

  /** Saves the checkout's address to the shopper's address book in the order's transaction, unless it is there already. */
  saveCheckoutAddress(
    t: Db,
    userId: number,
    address: Parameters<typeof repo.saveAddressFromCheckout>[2],
  ): Promise<void> {
    return repo.saveAddressFromCheckout(t, userId, address)
  }

  async listPaymentMethods(ctx: Ctx): Promise<PaymentMethod[]> {
    return (await repo.listPaymentMethods(this.db, this.userId(ctx))).map(toPaymentMethod)
  }

  /** Saves an M-Pesa number or a provider's card token; the first one, or one sent with isDefault, is the default. */
  async createPaymentMethod(ctx: Ctx, body: PaymentMethodBody, now = new Date()): Promise<PaymentMethod> {
    const user = requireUser(ctx)
    if (body.type === 'card' && hasExpired(body.expiry, now)) {
      throw new AppError('invalid_data', 'This card has expired', { expiry: ['This card has expired'] })
    }
    const fullName = `${user.firstName} ${user.lastName}`.trim()
    const method: repo.NewPaymentMethod =
      body.type === 'M-PESA'
        ? { type: 'mpesa', phone: body.phone, name: body.name || fullName || 'M-PESA' }
        : {
            type: 'card',
            provider: body.provider,
            token: body.token,
            brand: body.brand,
            last4: body.last4,
            expiry: body.expiry,
            name: body.name,
          }
    try {
      return await this.addTo(ctx, 'payment_methods', body.isDefault, async (t, userId, makeDefault) =>
        toPaymentMethod(await repo.insertPaymentMethod(t, userId, method, makeDefault)),
      )
    } catch (error) {
      if (isUniqueViolation(error)) {
        const field = body.type === 'M-PESA' ? 'phone' : 'token'
        const message = body.type === 'M-PESA' ? 'This M-Pesa number is saved already.' : 'This card is saved already.'
        throw new AppError('conflict', message, { [field]: [message] })
      }
      throw error
    }
  }

  deletePaymentMethod(ctx: Ctx, id: number): Promise<void> {
    return this.removeFrom(ctx, 'payment_methods', id)
  }

  async setDefaultPaymentMethod(ctx: Ctx, id: number): Promise<PaymentMethod> {
    return toPaymentMethod(await this.makeDefault(ctx, 'payment_methods', id, repo.getPaymentMethod))
  }

  /** The wishlist's products that shoppers can still see, most recently added first. */
  async listWishlist(ctx: Ctx): Promise<ProductListing[]> {
    return this.catalog.listingsByIds(await repo.listWishlistIds(this.db, this.userId(ctx)))
  }

  /** Adds a visible product; `created` is false when it was in the wishlist already. */
  async addToWishlist(ctx: Ctx, productId: number): Promise<{ product: ProductListing; created: boolean }> {
    const userId = this.userId(ctx)
    const product = await this.catalog.visibleListing(productId)
    if (!product) throw notFound('product')
    const created = await this.withUserLock(userId, async (t) => {
      if ((await repo.countOf(t, 'wishlist_items', userId)) >= MAX_WISHLIST_ITEMS) {
        throw new AppError('conflict', `Your wishlist holds up to ${MAX_WISHLIST_ITEMS} products. Remove one first.`)
      }
      return repo.addToWishlist(t, userId, productId)
    })
    return { product, created }
  }

  async removeFromWishlist(ctx: Ctx, productId: number): Promise<void> {
    if (!(await repo.removeFromWishlist(this.db, this.userId(ctx), productId))) {
      throw notFound('product in your wishlist')
    }
  }
}
