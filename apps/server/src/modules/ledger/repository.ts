import type { Db } from '@soko/db/client'
import { ledgerEntries, ledgerTransactions } from '@soko/db/schema/ledger'
import { type RowOf, typedRows, value } from '@soko/db/typed-sql'
import { and, asc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'

// SQL of ledger_transactions and ledger_entries. Only inserts and reads: both tables are append-only (migration 0016).

export interface NewTransaction {
  key: string
  kind: string
  memo: string
  referenceType: string
  referenceId: number
  actorId: number | null
}

export interface NewEntry {
  account: string
  vendorId: number | null
  side: 'debit' | 'credit'
  cents: number
}

/**
 * Records a transaction unless its key is recorded already: its id, or null for a repeat. A post racing another with
 * the same key waits on the unique index for the other's commit, then finds the key taken (or takes it, when the
 * other rolled back).
 */
export async function insertTransaction(t: Db, tx: NewTransaction): Promise<number | null> {
  const rows = await t
    .insert(ledgerTransactions)
    .values(tx)
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id })
  return rows[0]?.id ?? null
}

export async function insertEntries(t: Db, transactionId: number, entries: readonly NewEntry[]): Promise<void> {
  if (entries.length === 0) return
  await t.insert(ledgerEntries).values(entries.map((entry) => ({ ...entry, transactionId })))
}

const transactionShape = {
  id: ledgerTransactions.id,
  key: ledgerTransactions.key,
  kind: ledgerTransactions.kind,
  memo: ledgerTransactions.memo,
  reference_type: ledgerTransactions.referenceType,
  reference_id: ledgerTransactions.referenceId,
  actor_id: ledgerTransactions.actorId,
  created_at: ledgerTransactions.createdAt,
}

export type TransactionRow = RowOf<typeof transactionShape>

export async function transactionByKey(db: Db, key: string): Promise<TransactionRow | null> {
  const [row] = await db.select(transactionShape).from(ledgerTransactions).where(eq(ledgerTransactions.key, key))
  return row ?? null
}

const entryShape = {
  id: ledgerEntries.id,
  transaction_id: ledgerEntries.transactionId,
  account: ledgerEntries.account,
  vendor_id: ledgerEntries.vendorId,
  side: ledgerEntries.side,
  cents: ledgerEntries.cents,
}

export type EntryRow = RowOf<typeof entryShape>

export function entriesOfTransaction(db: Db, transactionId: number): Promise<EntryRow[]> {
  return db
    .select(entryShape)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(asc(ledgerEntries.id))
}

export interface AccountKey {
  account: string
  vendorId: number | null
}

const accountIs = (key: AccountKey): SQL | undefined =>
  and(
    eq(ledgerEntries.account, key.account),
    key.vendorId === null ? isNull(ledgerEntries.vendorId) : eq(ledgerEntries.vendorId, key.vendorId),
  )

const sumsShape = {
  account: ledgerEntries.account,
  vendor_id: ledgerEntries.vendorId,
  debit_cents: value.int,
  credit_cents: value.int,
}

export type SumsRow = RowOf<typeof sumsShape>

// sum() of a bigint is a numeric; the sums fit a bigint (and a JavaScript number up to KSh 90 trillion).
const sums = sql`coalesce(sum(${ledgerEntries.cents}) filter (where ${ledgerEntries.side} = 'debit'), 0)::bigint as debit_cents,
  coalesce(sum(${ledgerEntries.cents}) filter (where ${ledgerEntries.side} = 'credit'), 0)::bigint as credit_cents`

/** Debits and credits of each of the accounts (those without entries are left out). */
export function sumsOf(db: Db, keys: readonly AccountKey[]): Promise<SumsRow[]> {
  if (keys.length === 0) return Promise.resolve([])
  const accounts = [...new Set(keys.map((key) => key.account))]
  return typedRows(
    db,
    sumsShape,
    sql`select ${ledgerEntries.account} as account, ${ledgerEntries.vendorId} as vendor_id, ${sums}
        from ${ledgerEntries}
        where ${inArray(ledgerEntries.account, accounts)} and (${or(...keys.map(accountIs))})
        group by ${ledgerEntries.account}, ${ledgerEntries.vendorId}`,
  )
}

/** Debits and credits of every account that has entries: the trial balance. */
export function allSums(db: Db): Promise<SumsRow[]> {
  return typedRows(
    db,
    sumsShape,
    sql`select ${ledgerEntries.account} as account, ${ledgerEntries.vendorId} as vendor_id, ${sums}
        from ${ledgerEntries}
        group by ${ledgerEntries.account}, ${ledgerEntries.vendorId}
        order by ${ledgerEntries.account}, ${ledgerEntries.vendorId}`,
  )
}

const accountEntryShape = {
  id: ledgerEntries.id,
  transaction_id: ledgerEntries.transactionId,
  side: ledgerEntries.side,
  cents: ledgerEntries.cents,
  kind: ledgerTransactions.kind,
  memo: ledgerTransactions.memo,
  reference_type: ledgerTransactions.referenceType,
  reference_id: ledgerTransactions.referenceId,
  created_at: ledgerTransactions.createdAt,
}

export type AccountEntryRow = RowOf<typeof accountEntryShape>

/** One account's entries in the order they were written, after entry `afterId`, at most `limit`. */
export function entriesOfAccount(db: Db, key: AccountKey, afterId: number, limit: number): Promise<AccountEntryRow[]> {
  return db
    .select(accountEntryShape)
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(accountIs(key), gt(ledgerEntries.id, afterId)))
    .orderBy(asc(ledgerEntries.id))
    .limit(limit)
}

/** What a vendor was paid in all: the sum of its payouts M-Pesa confirmed (decision 0014: "paid out" is no account). */
export async function settledPayoutsOf(db: Db, vendorId: number): Promise<number> {
  const [row] = await typedRows(
    db,
    { cents: value.int },
    sql`select coalesce(sum(${ledgerEntries.cents}), 0)::bigint as cents
        from ${ledgerEntries} join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
        where ${ledgerTransactions.kind} = 'payout_settled' and ${ledgerEntries.account} = 'vendor_payout_in_transit'
          and ${ledgerEntries.side} = 'debit' and ${ledgerEntries.vendorId} = ${vendorId}`,
  )
  return row?.cents ?? 0
}

/** The reference ids of every transaction of `kind` (which events were posted already). */
export async function referencesOfKind(db: Db, kind: string): Promise<number[]> {
  const rows = await db
    .select({ id: ledgerTransactions.referenceId })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.kind, kind))
  return rows.map((row) => row.id)
}

/** Adjustments are numbered in order: taken under a lock, so two admins at once get two numbers. */
const ADJUSTMENT_NUMBER_LOCK = 727_101_019

/** The next manual adjustment's number (1, 2, ...), in the caller's transaction, which holds the lock until commit. */
export async function nextAdjustmentNumber(t: Db): Promise<number> {
  await t.execute(sql`select pg_advisory_xact_lock(${ADJUSTMENT_NUMBER_LOCK})`)
  const [row] = await typedRows(
    t,
    { n: value.int },
    sql`select count(*)::int as n from ${ledgerTransactions}
        where ${ledgerTransactions.kind} = 'manual_adjustment' and ${ledgerTransactions.referenceType} = 'adjustment'`,
  )
  return (row?.n ?? 0) + 1
}

/** A vendor's debits and credits per account, of the transactions written before `before`: a statement's opening. */
export function vendorSumsBefore(db: Db, vendorId: number, before: Date): Promise<SumsRow[]> {
  return typedRows(
    db,
    sumsShape,
    sql`select ${ledgerEntries.account} as account, ${ledgerEntries.vendorId} as vendor_id, ${sums}
        from ${ledgerEntries} join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
        where ${ledgerEntries.vendorId} = ${vendorId} and ${ledgerTransactions.createdAt} < ${before.toISOString()}::timestamptz
        group by ${ledgerEntries.account}, ${ledgerEntries.vendorId}`,
  )
}

const vendorEntryShape = { ...accountEntryShape, account: ledgerEntries.account }

export type VendorEntryRow = RowOf<typeof vendorEntryShape>

/**
 * A vendor's entries (every one of its accounts) of the transactions written from `from` (included) to `to`
 * (excluded), in the order they were written: by time, then transaction, then entry.
 */
export function vendorEntriesBetween(db: Db, vendorId: number, from: Date, to: Date): Promise<VendorEntryRow[]> {
  return db
    .select(vendorEntryShape)
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.vendorId, vendorId),
        gte(ledgerTransactions.createdAt, from),
        lt(ledgerTransactions.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id), asc(ledgerEntries.id))
}

/**
 * The transactions recorded under these keys, each with how much it moved the M-Pesa float (debits and credits of
 * `mpesa_float` alike, as a positive figure; 0 when it does not touch the float).
 */
export function floatMovementsOf(db: Db, keys: readonly string[]): Promise<{ key: string; cents: number }[]> {
  if (keys.length === 0) return Promise.resolve([])
  return typedRows(
    db,
    { key: ledgerTransactions.key, cents: value.int },
    sql`select ${ledgerTransactions.key} as key,
          coalesce(sum(${ledgerEntries.cents}) filter (where ${ledgerEntries.account} = 'mpesa_float'), 0)::bigint as cents
        from ${ledgerTransactions} join ${ledgerEntries} on ${ledgerEntries.transactionId} = ${ledgerTransactions.id}
        where ${inArray(ledgerTransactions.key, [...new Set(keys)])}
        group by ${ledgerTransactions.key}`,
  )
}
