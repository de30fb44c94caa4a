import { type Db, queryRows } from '@soko/db/client'
import { type SQL, sql } from 'drizzle-orm'
import type { PageRequest } from './shared.ts'

// The paging every admin list shares: one statement counts what the filters match, another reads the page.

export interface PageQuery {
  columns: SQL
  from: SQL
  /** What the count reads, when `from` joins tables that only add columns (default: `from`). */
  countFrom?: SQL
  where: SQL
  orderBy: SQL
}

/** How many rows match in all, and the rows of the page asked for, in order. */
export async function readPage<Row>(
  db: Db,
  page: PageRequest,
  query: PageQuery,
): Promise<{ count: number; rows: Row[] }> {
  const { columns, from, countFrom = from, where, orderBy } = query
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${countFrom} where ${where}`,
  )
  const rows = await queryRows<Row>(
    db,
    sql`select ${columns} from ${from} where ${where} order by ${orderBy}
        limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`,
  )
  return { count: total?.count ?? 0, rows }
}
