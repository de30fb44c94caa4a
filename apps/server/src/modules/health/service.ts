import type { DatabaseHandle } from '@soko/db/client'
import { ping } from '@soko/db/maintenance'
import { type Migration, pendingMigrations } from '@soko/db/migrate'

export type Readiness =
  | { ready: true; database: DatabaseHandle['kind']; migrations: number }
  | { ready: false; reason: 'pending'; pending: number }

/** Whether this process can serve: its database answers and has every migration this version brings. */
export class HealthService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly migrations: Migration[],
  ) {}

  /** Throws when the database cannot be reached. */
  async readiness(): Promise<Readiness> {
    await ping(this.database.db)
    const pending = await pendingMigrations(this.database.db, this.migrations)
    if (pending.length > 0) return { ready: false, reason: 'pending', pending: pending.length }
    return { ready: true, database: this.database.kind, migrations: this.migrations.length }
  }
}
