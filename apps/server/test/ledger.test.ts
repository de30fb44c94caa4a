import type { DatabaseHandle, Db } from '@soko/db/client'
import { typedRows, value } from '@soko/db/typed-sql'
import {
  account,
  commissionCents,
  commissionTaken,
  type LedgerTransaction,
  manualAdjustment,
  partReleased,
  paymentReceived,
  payoutFailed,
  payoutSent,
  vendorAccount,
} from '@soko/domain/ledger'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Ledger } from '../src/modules/ledger/service.ts'
import { createTestDatabase, engines } from './support/test-server.ts'

// The ledger module on a real database (docs/decisions/0014-ledger.md): posting, balances, pages of entries, the
// trial balance, idempotency (also under a race), and the database's own refusal of an unbalanced, edited or
// deleted transaction.

/** The messages of an error and its causes (drizzle wraps the driver's error), to match the database's reason. */
function messages(error: unknown): string {
  const parts: string[] = []
  for (let e: unknown = error; e instanceof Error; e = e.cause) parts.push(e.message)
  return parts.join(' / ')
}

async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    return messages(error)
  }
  throw new Error('expected a refusal')
}

const count = async (db: Db, table: 'ledger_transactions' | 'ledger_entries') => {
  const [row] = await typedRows(db, { n: value.int }, sql`select count(*) as n from ${sql.identifier(table)}`)
  return row?.n ?? 0
}

describe.each(engines)('the ledger (%s)', (engine) => {
  let database: DatabaseHandle
  let db: Db
  let ledger: Ledger
  let shopA: number
  let shopB: number
  /** Ids no other test uses, so that every test's events are its own. */
  let nextId = 1000
  const id = () => nextId++

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    db = database.db
    ledger = new Ledger(db)
    const shops = await typedRows(db, { id: value.int }, sql`select id from businesses order by id limit 2`)
    ;[shopA, shopB] = shops.map((row) => row.id) as [number, number]
  })
  afterAll(() => database?.close())

  // Whatever a test did, the whole ledger still balances.
  afterEach(async () => {
    const trial = await ledger.trialBalance()
    expect(trial.debitCents).toBe(trial.creditCents)
  })

  function sale(paymentId = id()): LedgerTransaction {
    return paymentReceived({
      paymentId,
      orderId: id(),
      method: 'mpesa',
      totalCents: 10_001 + 2_999 + 50_000 + 2_080,
      shippingCents: 50_000,
      vatCents: 2_080,
      parts: [
        { vendorId: shopA, subtotalCents: 10_001 },
        { vendorId: shopB, subtotalCents: 2_999 },
      ],
    })
  }

  it('posts a sale, its commission and a payout; balances are sums of the entries', async () => {
    const before = await ledger.balances([vendorAccount('vendor_available', shopA), account('mpesa_float')])
    const partId = id()
    const payoutId = id()
    const commission = commissionCents(10_001, 1000)
    await db.transaction(async (t) => {
      expect((await ledger.post(t, sale())).posted).toBe(true)
      await ledger.post(
        t,
        commissionTaken({ vendorPartId: partId, vendorId: shopA, commissionCents: commission, vatRateBp: 1600 }),
      )
      await ledger.post(t, partReleased({ vendorPartId: partId, vendorId: shopA, amountCents: 10_001 - commission }))
      await ledger.post(t, payoutSent({ payoutId, vendorId: shopA, amountCents: 5_000 }))
    })
    const after = await ledger.balances([
      vendorAccount('vendor_available', shopA),
      account('mpesa_float'),
      vendorAccount('vendor_payout_in_transit', shopA),
    ])
    expect(after[0]?.balanceCents).toBe((before[0]?.balanceCents ?? 0) + 10_001 - commission - 5_000)
    expect(after[1]?.balanceCents).toBe((before[1]?.balanceCents ?? 0) + 65_080)
    expect(after[2]?.account).toEqual(vendorAccount('vendor_payout_in_transit', shopA))

    // A failed payout goes back to available.
    await db.transaction((t) => ledger.post(t, payoutFailed({ payoutId, vendorId: shopA, amountCents: 5_000 })))
    const [available] = await ledger.balances([vendorAccount('vendor_available', shopA)])
    expect(available?.balanceCents).toBe((before[0]?.balanceCents ?? 0) + 10_001 - commission)
  })

  it('answers zero for an account without entries, and pages through an account’s entries', async () => {
    const [none] = await ledger.balances([vendorAccount('vendor_payout_in_transit', shopB)])
    expect(none?.balanceCents).toBe(0)
    for (let i = 0; i < 3; i++) await db.transaction((t) => ledger.post(t, sale()))
    const all: number[] = []
    let after: number | null = 0
    let pages = 0
    while (after !== null) {
      const page = await ledger.entriesOf(vendorAccount('vendor_pending', shopB), { after, limit: 2 })
      all.push(...page.entries.map((entry) => entry.cents))
      expect(page.entries.every((entry) => entry.kind === 'payment_received' && entry.side === 'credit')).toBe(true)
      after = page.next
      pages++
    }
    expect(all.length).toBeGreaterThanOrEqual(3)
    // A page asks one entry more than it shows, so the last full page knows it is the last.
    expect(pages).toBe(Math.ceil(all.length / 2))
    const [pending] = await ledger.balances([vendorAccount('vendor_pending', shopB)])
    expect(pending?.balanceCents).toBe(all.reduce((sum, cents) => sum + cents, 0))
  })

  it('records the same event once, and refuses a different event under a recorded key', async () => {
    const tx = sale()
    const first = await db.transaction((t) => ledger.post(t, tx))
    const [transactions, entries] = [await count(db, 'ledger_transactions'), await count(db, 'ledger_entries')]
    const again = await db.transaction((t) => ledger.post(t, tx))
    expect(again).toEqual({ id: first.id, posted: false })
    expect(await count(db, 'ledger_transactions')).toBe(transactions)
    expect(await count(db, 'ledger_entries')).toBe(entries)

    // Its entries in another order, or another memo, are still the same event.
    const reordered = { ...tx, memo: 'Posted again by a retried job', entries: [...tx.entries].reverse() }
    expect(await db.transaction((t) => ledger.post(t, reordered))).toEqual({ id: first.id, posted: false })
    const other = sale()
    const reused = { ...other, key: tx.key }
    expect(await failure(db.transaction((t) => ledger.post(t, reused)))).toMatch(/recorded for a different event/)
  })

  it('records the event once when two posts of the same key race', async () => {
    const tx = sale()
    let posted!: () => void
    const firstPosted = new Promise<void>((resolve) => (posted = resolve))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const first = db.transaction(async (t) => {
      const answer = await ledger.post(t, tx)
      posted()
      await held
      return answer
    })
    await firstPosted
    const second = db.transaction((t) => ledger.post(t, tx))
    // The second waits (on the key's unique index on PostgreSQL, on the one connection on PGlite) for the first.
    await new Promise((resolve) => setTimeout(resolve, 200))
    release()
    const answers = await Promise.all([first, second])
    expect(answers.map((answer) => answer.posted).sort()).toEqual([false, true])
    expect(answers[0].id).toBe(answers[1].id)
    const [written] = await typedRows(
      db,
      { n: value.int },
      sql`select count(*) as n from ledger_entries where transaction_id = ${answers[0].id}`,
    )
    expect(written?.n).toBe(tx.entries.length)
  })

  it('lets the second post record the event when the first one rolled back', async () => {
    const tx = sale()
    const rolledBack = new Error('the caller’s change failed')
    expect(
      await failure(
        db.transaction(async (t) => {
          await ledger.post(t, tx)
          throw rolledBack
        }),
      ),
    ).toBe(rolledBack.message)
    expect((await db.transaction((t) => ledger.post(t, tx))).posted).toBe(true)
  })

  it('refuses an unbalanced transaction: the service before writing, the database at commit', async () => {
    const tx = sale()
    const unbalanced = { ...tx, entries: tx.entries.slice(1) }
    const transactions = await count(db, 'ledger_transactions')
    expect(await failure(db.transaction((t) => ledger.post(t, unbalanced)))).toMatch(/unbalanced/)
    expect(await count(db, 'ledger_transactions')).toBe(transactions)

    // Past the service, straight into the tables: the commit is refused and nothing stays.
    const entries = await count(db, 'ledger_entries')
    const refusal = await failure(
      db.transaction(async (t) => {
        const inserted = await typedRows(
          t,
          { id: value.int },
          sql`insert into ledger_transactions (key, kind, memo, reference_type, reference_id)
              values (${`test:${id()}`}, 'manual_adjustment', 'a cent goes missing', 'adjustment', 1) returning id`,
        )
        const txId = inserted[0]?.id
        await t.execute(sql`insert into ledger_entries (transaction_id, account, vendor_id, side, cents)
            values (${txId}, 'adjustments', null, 'debit', 100), (${txId}, 'vendor_available', ${shopA}, 'credit', 99)`)
      }),
    )
    expect(refusal).toMatch(/unbalanced: debits less credits are 1 cents/)
    expect(await count(db, 'ledger_transactions')).toBe(transactions)
    expect(await count(db, 'ledger_entries')).toBe(entries)

    // A balanced transaction cannot be unbalanced later by an entry added to it.
    const { id: posted } = await db.transaction((t) => ledger.post(t, sale()))
    const added = await failure(
      db.execute(sql`insert into ledger_entries (transaction_id, account, vendor_id, side, cents)
          values (${posted}, 'adjustments', null, 'debit', 1)`),
    )
    expect(added).toMatch(/unbalanced/)
  })

  it('keeps entries and transactions append-only, amounts positive and accounts well-formed', async () => {
    const { id: posted } = await db.transaction((t) => ledger.post(t, sale()))
    expect(
      await failure(db.execute(sql`update ledger_entries set cents = cents + 1 where transaction_id = ${posted}`)),
    ).toMatch(/append-only/)
    expect(await failure(db.execute(sql`delete from ledger_entries where transaction_id = ${posted}`))).toMatch(
      /append-only/,
    )
    expect(await failure(db.execute(sql`update ledger_transactions set memo = 'edited' where id = ${posted}`))).toMatch(
      /append-only/,
    )
    expect(await failure(db.execute(sql`delete from ledger_transactions where id = ${posted}`))).toMatch(/append-only/)

    const badEntry = (values: ReturnType<typeof sql>) =>
      failure(
        db.transaction(async (t) => {
          const inserted = await typedRows(
            t,
            { id: value.int },
            sql`insert into ledger_transactions (key, kind, memo, reference_type, reference_id)
                values (${`test:${id()}`}, 'manual_adjustment', 'bad entry', 'adjustment', 1) returning id`,
          )
          const txId = inserted[0]?.id
          await t.execute(sql`insert into ledger_entries (transaction_id, account, vendor_id, side, cents)
              values (${txId}, ${values})`)
        }),
      )
    expect(await badEntry(sql`'adjustments', null, 'debit', 0`)).toMatch(/ledger_entries_cents_positive/)
    expect(await badEntry(sql`'adjustments', null, 'debit', -5`)).toMatch(/ledger_entries_cents_positive/)
    expect(await badEntry(sql`'adjustments', null, 'left', 5`)).toMatch(/ledger_entries_side_known/)
    expect(await badEntry(sql`'vendor_available', null, 'debit', 5`)).toMatch(/ledger_entries_vendor_account/)
    expect(await badEntry(sql`'mpesa_float', ${shopA}, 'debit', 5`)).toMatch(/ledger_entries_vendor_account/)
    expect(await badEntry(sql`'petty_cash', null, 'debit', 5`)).toMatch(/ledger_entries_account_known/)
  })

  it('records an admin’s adjustment with its reason and its admin', async () => {
    const tx = manualAdjustment({
      adminId: 1,
      reason: 'B2C charge refunded by Safaricom',
      key: `adj-${id()}`,
      reference: { type: 'adjustment', id: id() },
      debit: account('adjustments'),
      credit: vendorAccount('vendor_available', shopB),
      amountCents: 3_301,
    })
    const { id: posted } = await db.transaction((t) => ledger.post(t, tx))
    const rows = await typedRows(
      db,
      { memo: value.text, actor_id: value.nullable(value.int) },
      sql`select memo, actor_id from ledger_transactions where id = ${posted}`,
    )
    expect(rows[0]).toEqual({ memo: 'B2C charge refunded by Safaricom', actor_id: 1 })
    const page = await ledger.entriesOf(account('adjustments'))
    expect(page.entries.at(-1)).toMatchObject({ kind: 'manual_adjustment', side: 'debit', cents: 3_301 })
  })

  it('gives a trial balance whose debits equal its credits, per account', async () => {
    const trial = await ledger.trialBalance()
    expect(trial.lines.length).toBeGreaterThan(0)
    expect(trial.debitCents).toBeGreaterThan(0)
    expect(trial.debitCents).toBe(trial.creditCents)
    expect(
      trial.lines.find((line) => line.account.kind === 'vendor_pending' && 'vendorId' in line.account),
    ).toBeTruthy()
  })
})
