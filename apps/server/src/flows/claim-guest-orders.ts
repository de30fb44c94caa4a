import type { SessionUser } from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import type { FastifyBaseLogger } from 'fastify'
import type { OrdersService } from '../modules/orders/service.ts'

/**
 * Someone signs in, or signs up (Google's sign-up signs in), with a verified email: the orders placed as a guest
 * with that email join their account (docs/decisions/0011-guest-orders.md). An unverified email claims nothing: a
 * sign-up with somebody else's address must not see that person's orders. Soko verifies no phone numbers, so a
 * phone claims nothing either.
 */
export class ClaimGuestOrders {
  constructor(private readonly modules: { db: Db; orders: OrdersService; log: FastifyBaseLogger }) {}

  async run(user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>): Promise<string[]> {
    const { db, orders, log } = this.modules
    if (!user.emailVerified) return []
    try {
      const claimed = await db.transaction((t) => orders.claimGuestOrders(t, user.id, user.email))
      if (claimed.length > 0) log.info({ userId: user.id, orders: claimed.length }, 'guest orders joined the account')
      return claimed
    } catch (error) {
      // The sign-in stands: the orders join at the next one.
      log.error({ err: error, userId: user.id }, 'guest orders could not join the account')
      return []
    }
  }
}
