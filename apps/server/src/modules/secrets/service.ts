import type { Db } from '@soko/db/client'
import * as repo from './repository.ts'

/**
 * Secrets of this installation that no setting gives (the M-Pesa callback path's secret, the test card provider's
 * key, the key of guests' order tokens): made once, kept in the database, so every process uses the same one.
 */
export class SecretsService {
  constructor(private readonly db: Db) {}

  /** The secret called `name`, made with `make` the first time any process asks for it. */
  get(name: string, make: () => string): Promise<string> {
    return repo.getOrCreateSecret(this.db, name, make)
  }
}
