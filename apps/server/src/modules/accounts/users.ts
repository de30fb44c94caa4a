import type { Role } from '@soko/contract/auth'
import type { Db } from '@soko/db/client'
import * as repo from './repository.ts'

/**
 * The users table as other modules act on it: an admin's role changes and disabling, a customer who opens a shop,
 * the email of a shop's owner, the name a review is signed with. The accounts module owns users; writes run in the caller's transaction `t`.
 */
export class Users {
  constructor(private readonly db: Db) {}

  get(id: number): Promise<repo.UserRow | null> {
    return repo.getUserById(this.db, id)
  }

  /** Locks the user's row until the transaction ends (one change to a user's data at a time); null when none. */
  lock(t: Db, id: number): Promise<repo.UserRow | null> {
    return repo.lockUser(t, id)
  }

  /** Runs `work` in a transaction that holds the user's row lock from its start. */
  withLock<T>(id: number, work: (t: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (t) => {
      await repo.lockUser(t, id)
      return work(t)
    })
  }

  setRole(t: Db, id: number, role: Role): Promise<void> {
    return repo.setRole(t, id, role)
  }

  /** Disables the account with a reason, or enables it again (null); ending its sessions is the caller's step. */
  setDisabled(t: Db, id: number, reason: string | null): Promise<void> {
    return repo.setDisabled(t, id, reason)
  }

  /** The sign-in address of each user that has one. */
  async emailsOf(t: Db, ids: number[]): Promise<Map<number, string>> {
    return new Map((await repo.emailsOf(t, ids)).map((row) => [row.id, row.email]))
  }

  /** Whether texts about the user's orders may be sent (they can turn them off in their settings). */
  smsOrderUpdates(t: Db, id: number): Promise<boolean> {
    return repo.smsOrderUpdates(t, id)
  }

  /** How a review signs the user's name ("Wanjiku K."); null for no such user. */
  reviewerName(id: number): Promise<string | null> {
    return repo.reviewerName(this.db, id)
  }
}
