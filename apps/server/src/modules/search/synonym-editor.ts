import type { Db } from '@soko/db/client'
import * as repo from './synonyms-repository.ts'

export type { SynonymInput, SynonymRow } from './synonyms-repository.ts'

/**
 * The synonyms table as the admin area edits it (decision 0030): reading, and writing in the caller's audited
 * transaction `t`. The search service's copy is dropped after a change commits (PostgresSearchService.dropSynonyms,
 * and every process's on the database's announcement).
 */
export class SynonymEditor {
  constructor(private readonly db: Db) {}

  listAll(): Promise<repo.SynonymRow[]> {
    return repo.listAll(this.db)
  }

  find(t: Db, id: number): Promise<repo.SynonymRow | null> {
    return repo.find(t, id)
  }

  /** A term and its expansions as they would be stored (see repo.normalise). */
  normalise(term: string, expansions: string[]): Promise<{ term: string; expansions: string[] }> {
    return repo.normalise(this.db, term, expansions)
  }

  findByTerm(term: string): Promise<number | null> {
    return repo.findByTerm(this.db, term)
  }

  insert(t: Db, input: repo.SynonymInput): Promise<number> {
    return repo.insert(t, input)
  }

  update(t: Db, id: number, input: repo.SynonymInput): Promise<boolean> {
    return repo.update(t, id, input)
  }

  remove(t: Db, id: number): Promise<repo.SynonymRow | null> {
    return repo.remove(t, id)
  }
}
