import type { Db } from '@soko/db/client'
import * as repo from './repository.ts'

/** What shoppers have received: a review needs a delivered order of the product. */
export class Deliveries {
  constructor(private readonly db: Db) {}

  /** Whether one of the user's orders has a delivered part with the product in it. */
  hasReceived(userId: number, productId: number): Promise<boolean> {
    return repo.hasDelivered(this.db, userId, productId)
  }
}
