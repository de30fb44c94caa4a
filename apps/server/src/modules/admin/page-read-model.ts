import type { Db } from '@soko/db/client'
import { type RowOf, type Shape, typedRows, value } from '@soko/db/typed-sql'
import { type SQL, sql } from 'drizzle-orm'
import type { PageRequest } from './shared.ts'

// The paging every admin list shares: one statement counts what the filters match, another reads the page.

export interface PageQuery<S extends Shape> {
  /** What each of `columns` reads, in the schema's terms. */
  shape: S
  columns: SQL
  from: SQL
  /** What the count reads, when `from` joins tables that only add columns (default: `from`). */
  countFrom?: SQL
  where: SQL
  orderBy: SQL
}

/** How many rows match in all, and the rows of the page asked for, in order. */
export async function readPage<S extends Shape>(
  db: Db,
  page: PageRequest,
  query: PageQuery<S>,
): Promise<{ count: number; rows: RowOf<S>[] }> {
  const { shape, columns, from, countFrom = from, where, orderBy } = query
  const [total] = await typedRows(
    db,
    { count: value.int },
    sql`select count(*)::int as count from ${countFrom} where ${where}`,
  )
  const rows = await typedRows(
    db,
    shape,
    sql`select ${columns} from ${from} where ${where} order by ${orderBy}
        limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`,
  )
  return { count: total?.count ?? 0, rows }
}
