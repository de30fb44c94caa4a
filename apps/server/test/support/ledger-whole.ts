// After every integration test, every test database still open holds a whole ledger: its entries' debits equal
// its credits (issue "money that moves by itself": the sum of all ledger entries is always zero). The database
// refuses an unbalanced transaction at commit (decision 0014); this is the check that nothing got past it.
import { typedRows, value } from '@soko/db/typed-sql'
import { sql } from 'drizzle-orm'
import { afterEach, expect } from 'vitest'
import { openTestDatabases } from './test-server.ts'

afterEach(async () => {
  for (const database of openTestDatabases) {
    const [sum] = await typedRows(
      database.db,
      { debit: value.text, credit: value.text },
      sql`select coalesce(sum(cents) filter (where side = 'debit'), 0)::text as debit,
            coalesce(sum(cents) filter (where side = 'credit'), 0)::text as credit
          from ledger_entries`,
    )
    expect(sum?.debit, `the ledger of ${database.label} does not balance`).toBe(sum?.credit)
  }
})
