import type { Db } from '@soko/db/client'
import { searchSynonyms } from '@soko/db/schema/search'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { Param, type SQL, sql } from 'drizzle-orm'
import type { Lexemes, Synonym } from './synonyms.ts'

// SQL of the synonyms table (search_synonyms, migration 0032): what searches read, and the admins' changes. Terms
// and expansions are normalised here, by soko_search_text, as documents and queries are.

/** The English stems of a normalised phrase's words, in order ('' for a stop word, as JSON cannot say null here). */
const stemsOf = (phrase: SQL) => sql`(
  select coalesce(json_agg(coalesce((tsvector_to_array(to_tsvector('pg_catalog.english'::regconfig, w.word)))[1], '')
    order by w.ord), '[]')
  from unnest(string_to_array(${phrase}, ' ')) with ordinality as w(word, ord) where w.word <> ''
)`

/** Every synonym with the stems of its term and expansions, for the search service's cache. */
export async function loadForSearch(db: Db): Promise<Synonym[]> {
  const rows = await typedRows(
    db,
    {
      term: value.text,
      term_stems: value.json<string[]>(),
      expansions: value.json<{ text: string; stems: string[] }[]>(),
    },
    sql`select s.term, ${stemsOf(sql`s.term`)} as term_stems,
          (select coalesce(json_agg(json_build_object('text', e.text, 'stems', ${stemsOf(sql`e.text`)}) order by e.ord), '[]')
           from unnest(s.expansions) with ordinality as e(text, ord)) as expansions
        from search_synonyms s`,
  )
  const lexemes = (stems: string[]): Lexemes => stems.map((stem) => (stem === '' ? null : stem))
  return rows.map((row) => ({
    term: row.term,
    termLexemes: lexemes(row.term_stems),
    expansions: row.expansions.map((expansion) => ({ text: expansion.text, lexemes: lexemes(expansion.stems) })),
  }))
}

const synonymShape = {
  id: searchSynonyms.id,
  term: searchSynonyms.term,
  expansions: searchSynonyms.expansions,
  kind: searchSynonyms.kind,
  updated_at: searchSynonyms.updatedAt,
}

export type SynonymRow = RowOf<typeof synonymShape>

export function listAll(db: Db): Promise<SynonymRow[]> {
  return typedRows(
    db,
    synonymShape,
    sql`select id, term, expansions, kind, updated_at from search_synonyms order by term`,
  )
}

export async function find(db: Db, id: number): Promise<SynonymRow | null> {
  const rows = await typedRows(
    db,
    synonymShape,
    sql`select id, term, expansions, kind, updated_at from search_synonyms where id = ${id}`,
  )
  return rows[0] ?? null
}

/** A term and its expansions as they would be stored: normalised, blank expansions and repeats left out. */
export async function normalise(
  db: Db,
  term: string,
  expansions: string[],
): Promise<{ term: string; expansions: string[] }> {
  const rows = await typedRows(
    db,
    { term: value.text, expansions: value.json<string[]>() },
    sql`select soko_search_text(${term}) as term,
          (select coalesce(json_agg(x.norm order by x.first), '[]') from (
             select e.norm, min(e.ord) as first
             from unnest(${new Param(expansions)}::text[]) with ordinality as t(text, ord)
             cross join lateral (select soko_search_text(t.text) as norm, t.ord) e
             where e.norm <> ''
             group by e.norm
           ) x) as expansions`,
  )
  const row = rows[0]
  return { term: row?.term ?? '', expansions: row?.expansions ?? [] }
}

/** The id of the synonym with this (normalised) term, if any. */
export async function findByTerm(db: Db, term: string): Promise<number | null> {
  const rows = await typedRows(db, { id: value.int }, sql`select id from search_synonyms where term = ${term}`)
  return rows[0]?.id ?? null
}

export interface SynonymInput {
  term: string
  expansions: string[]
  kind: 'kiswahili' | 'sheng'
}

export async function insert(t: Db, input: SynonymInput): Promise<number> {
  const rows = await typedRows(
    t,
    { id: value.int },
    sql`insert into search_synonyms (term, expansions, kind)
        values (${input.term}, ${new Param(input.expansions)}::text[], ${input.kind}) returning id`,
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('insert into search_synonyms returned no id')
  return id
}

export async function update(t: Db, id: number, input: SynonymInput): Promise<boolean> {
  const rows = await typedRows(
    t,
    { id: value.int },
    sql`update search_synonyms set term = ${input.term}, expansions = ${new Param(input.expansions)}::text[], kind = ${input.kind},
          updated_at = now()
        where id = ${id} returning id`,
  )
  return rows.length > 0
}

export async function remove(t: Db, id: number): Promise<SynonymRow | null> {
  const rows = await typedRows(
    t,
    synonymShape,
    sql`delete from search_synonyms where id = ${id} returning id, term, expansions, kind, updated_at`,
  )
  return rows[0] ?? null
}
