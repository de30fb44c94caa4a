import type { AdminSynonym, AdminSynonyms, SynonymBody } from '@soko/contract/search'
import { SYNONYM_TERM_WORDS_MAX } from '@soko/contract/search'
import type { Db } from '@soko/db/client'
import type { Ctx } from '../../../plugins/auth.ts'
import { AppError } from '../../../plugins/errors.ts'
import type { AuditService } from '../../audit/service.ts'
import type { SynonymEditor, SynonymInput, SynonymRow } from '../../search/synonym-editor.ts'
import { audited, requireAdmin } from '../shared.ts'

const NO_SUCH_SYNONYM = 'No such word.'

function toSynonym(row: SynonymRow): AdminSynonym {
  return {
    id: row.id,
    term: row.term,
    expansions: row.expansions,
    kind: row.kind,
    updated_at: new Date(row.updated_at).toISOString(),
  }
}

/**
 * /admin/search-synonyms: the Kenyan words search understands (decision 0030); every change audited. After a change
 * commits, this process forgets its synonyms at once, and the others on the database's announcement.
 */
export class AdminSearchSynonymsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly synonyms: SynonymEditor,
    private readonly search: { dropSynonyms(): void },
  ) {}

  async list(ctx: Ctx): Promise<AdminSynonyms> {
    requireAdmin(ctx)
    return { synonyms: (await this.synonyms.listAll()).map(toSynonym) }
  }

  async create(ctx: Ctx, body: SynonymBody): Promise<AdminSynonym> {
    requireAdmin(ctx)
    const input = await this.validated(body, null)
    const created = await audited(ctx, this.db, this.audit, async (t, record) => {
      const id = await this.synonyms.insert(t, input)
      await record({
        action: 'search_synonym.created',
        subjectType: 'search_synonym',
        subjectId: id,
        detail: { name: input.term, expansions: input.expansions },
      })
      return this.read(t, id)
    })
    this.search.dropSynonyms()
    return created
  }

  async update(ctx: Ctx, id: number, body: SynonymBody): Promise<AdminSynonym> {
    requireAdmin(ctx)
    const input = await this.validated(body, id)
    const updated = await audited(ctx, this.db, this.audit, async (t, record) => {
      const before = await this.synonyms.find(t, id)
      if (!before || !(await this.synonyms.update(t, id, input))) throw new AppError('not_found', NO_SUCH_SYNONYM)
      await record({
        action: 'search_synonym.updated',
        subjectType: 'search_synonym',
        subjectId: id,
        detail: {
          name: input.term,
          from: { term: before.term, expansions: before.expansions, kind: before.kind },
          to: input,
        },
      })
      return this.read(t, id)
    })
    this.search.dropSynonyms()
    return updated
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    await audited(ctx, this.db, this.audit, async (t, record) => {
      const removed = await this.synonyms.remove(t, id)
      if (!removed) throw new AppError('not_found', NO_SUCH_SYNONYM)
      await record({
        action: 'search_synonym.deleted',
        subjectType: 'search_synonym',
        subjectId: id,
        detail: { name: removed.term, expansions: removed.expansions },
      })
    })
    this.search.dropSynonyms()
  }

  private async read(t: Db, id: number): Promise<AdminSynonym> {
    const row = await this.synonyms.find(t, id)
    if (!row) throw new Error('search synonym vanished')
    return toSynonym(row)
  }

  /** The body normalised as it is stored; 400 on the field that cannot be (and on a term another word has). */
  private async validated(body: SynonymBody, id: number | null): Promise<SynonymInput> {
    const { term, expansions } = await this.synonyms.normalise(body.term, body.expansions)
    const invalid = (field: string, message: string) => new AppError('invalid_data', message, { [field]: [message] })
    if (term === '') throw invalid('term', 'A term needs letters or digits.')
    if (term.split(' ').length > SYNONYM_TERM_WORDS_MAX) {
      throw invalid('term', `A term is at most ${SYNONYM_TERM_WORDS_MAX} words.`)
    }
    if (expansions.length === 0) throw invalid('expansions', 'A meaning needs letters or digits.')
    if (expansions.includes(term) && expansions.length === 1) {
      throw invalid('expansions', 'Give a meaning other than the word itself.')
    }
    const holder = await this.synonyms.findByTerm(term)
    if (holder !== null && holder !== id) throw invalid('term', `"${term}" is already there.`)
    return { term, expansions, kind: body.kind }
  }
}
