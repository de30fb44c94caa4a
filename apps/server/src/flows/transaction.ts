import type { Db } from '@soko/db/client'

/** Runs a flow's steps in one transaction (the Drizzle transaction handle typed as the plain database). */
export function inTransaction<T>(db: Db, work: (t: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db))
}
