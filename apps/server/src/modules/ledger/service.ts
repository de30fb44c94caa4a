import type { Db } from '@soko/db/client'
import {
  type AccountRef,
  accountKey,
  balanced,
  isAccountKind,
  isVendorKind,
  type LedgerTransaction,
  normalSide,
  REFERENCE_TYPES,
  type Reference,
  type Side,
  TRANSACTION_KINDS,
  type TransactionKind,
  VENDOR_ACCOUNT_KINDS,
  type VendorAccountKind,
  vendorAccount,
  vendorOf,
} from '@soko/domain/ledger'
import * as repo from './repository.ts'

// The ledger (docs/decisions/0014-ledger.md): money events become balanced transactions of entries, posted in the
// transaction of the change that caused them; balances are sums of entries. The rules (which accounts an event
// moves) are packages/domain/src/ledger.ts; this module stores and reads what they build.

export interface Posted {
  /** The ledger transaction's id. */
  id: number
  /** False when the event was recorded already (its key was taken): nothing was written this time. */
  posted: boolean
}

export interface AccountBalance {
  account: AccountRef
  /** On the account's normal side: what an asset holds, what a liability owes (decision 0014, sign conventions). */
  balanceCents: number
}

export interface AccountEntry {
  id: number
  transactionId: number
  kind: TransactionKind
  memo: string
  reference: Reference
  side: Side
  cents: number
  createdAt: Date
}

export interface EntriesPage {
  entries: AccountEntry[]
  /** The `after` of the next page, or null when this was the last. */
  next: number | null
}

/** A vendor's entry in a period: one of its accounts, with the transaction it belongs to. */
export interface VendorEntry extends AccountEntry {
  account: VendorAccountKind
}

export interface VendorPeriod {
  /** Each of the vendor's accounts before the period, on its normal side (zero for one without entries). */
  opening: Record<VendorAccountKind, number>
  /** Its entries in the period, in the order they were written. */
  entries: VendorEntry[]
}

export interface TrialBalance {
  lines: { account: AccountRef; debitCents: number; creditCents: number }[]
  debitCents: number
  creditCents: number
}

/** A stored account back to its reference; the table's checks keep the two columns consistent. */
function accountOf(account: string, vendorId: number | null): AccountRef {
  if (isVendorKind(account) && vendorId !== null) return { kind: account, vendorId }
  if (isAccountKind(account) && !isVendorKind(account) && vendorId === null) return { kind: account }
  throw new Error(`the ledger holds an unknown account ${account}`)
}

function known<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((candidate) => candidate === value)
  if (found === undefined) throw new Error(`the ledger holds an unknown ${what} ${value}`)
  return found
}

/** A stored entry with its transaction, as the ledger's readers see it. */
function toEntry(row: repo.AccountEntryRow): AccountEntry {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    kind: known(TRANSACTION_KINDS, row.kind, 'kind'),
    memo: row.memo,
    reference: { type: known(REFERENCE_TYPES, row.reference_type, 'reference'), id: row.reference_id },
    side: row.side,
    cents: row.cents,
    createdAt: row.created_at,
  }
}

const storedKey = (ref: AccountRef): repo.AccountKey => ({ account: ref.kind, vendorId: vendorOf(ref) })

/** An entry as compared between two posts of the same key. */
const entryText = (entry: { account: string; vendorId: number | null; side: string; cents: number }) =>
  `${entry.account}:${entry.vendorId ?? ''}:${entry.side}:${entry.cents}`

export class Ledger {
  constructor(private readonly db: Db) {}

  /**
   * Records a money event in the caller's transaction `t`, once: a second post of the same key (a callback
   * delivered twice, a job run again, a race) writes nothing and answers the first one's id. A repeat that differs
   * from what was recorded (another kind, reference or entries under the same key) is a bug, and throws. An
   * unbalanced transaction is refused here, and by the database at commit if it got past.
   */
  async post(t: Db, tx: LedgerTransaction): Promise<Posted> {
    if (!balanced(tx)) throw new Error(`ledger transaction ${tx.key} is unbalanced`)
    const entries = tx.entries.map((entry) => ({
      account: entry.account.kind,
      vendorId: vendorOf(entry.account),
      side: entry.side,
      cents: entry.cents,
    }))
    const id = await repo.insertTransaction(t, {
      key: tx.key,
      kind: tx.kind,
      memo: tx.memo,
      referenceType: tx.reference.type,
      referenceId: tx.reference.id,
      actorId: tx.actorId,
    })
    if (id !== null) {
      await repo.insertEntries(t, id, entries)
      return { id, posted: true }
    }
    const first = await repo.transactionByKey(t, tx.key)
    if (!first) throw new Error(`ledger transaction ${tx.key} is neither new nor recorded`)
    const recorded = await repo.entriesOfTransaction(t, first.id)
    const same =
      first.kind === tx.kind &&
      first.reference_type === tx.reference.type &&
      first.reference_id === tx.reference.id &&
      recorded
        .map((row) => entryText({ ...row, vendorId: row.vendor_id }))
        .sort()
        .join() === entries.map(entryText).sort().join()
    if (!same) throw new Error(`ledger key ${tx.key} was recorded for a different event`)
    return { id: first.id, posted: false }
  }

  /** Whether the event of `key` was posted (a part released: `part_released:vendor_part:<id>`). */
  async isPosted(t: Db, key: string): Promise<boolean> {
    return (await repo.transactionByKey(t, key)) !== null
  }

  /** The transaction recorded under `key`, or null (an adjustment's Idempotency-Key seen before). */
  async recorded(t: Db, key: string): Promise<{ id: number; referenceId: number } | null> {
    const row = await repo.transactionByKey(t, key)
    return row ? { id: row.id, referenceId: row.reference_id } : null
  }

  /** The next manual adjustment's number, in `t` (which holds the numbering lock until it commits). */
  nextAdjustmentNumber(t: Db): Promise<number> {
    return repo.nextAdjustmentNumber(t)
  }

  /** What the transactions of `kind` refer to (the payments received, the payouts sent ...). */
  async referencesOf(kind: TransactionKind, db: Db = this.db): Promise<Set<number>> {
    return new Set(await repo.referencesOfKind(db, kind))
  }

  /**
   * The transactions recorded under these keys and how much each moved the M-Pesa float (reconciliation): a key
   * missing from the answer was never posted.
   */
  async floatMovements(keys: readonly string[], db: Db = this.db): Promise<Map<string, number>> {
    const rows = await repo.floatMovementsOf(db, keys)
    return new Map(rows.map((row) => [row.key, row.cents]))
  }

  /** A vendor's payouts M-Pesa confirmed, in all: the sum of its `payout_settled` transactions. */
  settledPayoutsOf(vendorId: number, db: Db = this.db): Promise<number> {
    return repo.settledPayoutsOf(db, vendorId)
  }

  /** Each account's balance (zero for an account without entries), in the order asked. */
  async balances(accounts: readonly AccountRef[], db: Db = this.db): Promise<AccountBalance[]> {
    const rows = await repo.sumsOf(db, accounts.map(storedKey))
    const byKey = new Map(rows.map((row) => [accountKey(accountOf(row.account, row.vendor_id)), row]))
    return accounts.map((account) => {
      const row = byKey.get(accountKey(account))
      if (!row) return { account, balanceCents: 0 }
      const difference = row.debit_cents - row.credit_cents
      return { account, balanceCents: normalSide(account) === 'debit' ? difference : -difference }
    })
  }

  /** One account's entries, oldest first, a page at a time: `after` is the previous page's `next` (0 to start). */
  async entriesOf(
    account: AccountRef,
    page: { after?: number; limit?: number } = {},
    db: Db = this.db,
  ): Promise<EntriesPage> {
    const limit = Math.min(Math.max(page.limit ?? 50, 1), 500)
    const rows = await repo.entriesOfAccount(db, storedKey(account), page.after ?? 0, limit + 1)
    const entries = rows.slice(0, limit).map(toEntry)
    return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null }
  }

  /**
   * A vendor's accounts over a period, by the time each transaction was written: every account's balance before
   * `from` (the opening), and each entry from `from` (included) to `to` (excluded). The opening plus the entries is
   * each account's balance at `to`. Reads in `db` (one snapshot when it is a transaction).
   */
  async vendorPeriod(vendorId: number, from: Date, to: Date, db: Db = this.db): Promise<VendorPeriod> {
    const sums = await repo.vendorSumsBefore(db, vendorId, from)
    const opening = Object.fromEntries(VENDOR_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Record<
      VendorAccountKind,
      number
    >
    for (const row of sums) {
      const kind = known(VENDOR_ACCOUNT_KINDS, row.account, 'vendor account')
      const difference = row.debit_cents - row.credit_cents
      opening[kind] = normalSide(vendorAccount(kind, vendorId)) === 'debit' ? difference : -difference
    }
    const rows = await repo.vendorEntriesBetween(db, vendorId, from, to)
    return {
      opening,
      entries: rows.map((row) => ({
        ...toEntry(row),
        account: known(VENDOR_ACCOUNT_KINDS, row.account, 'vendor account'),
      })),
    }
  }

  /** Every account's debits and credits, and their totals: equal, or the ledger is broken (reconciliation). */
  async trialBalance(db: Db = this.db): Promise<TrialBalance> {
    const rows = await repo.allSums(db)
    const lines = rows.map((row) => ({
      account: accountOf(row.account, row.vendor_id),
      debitCents: row.debit_cents,
      creditCents: row.credit_cents,
    }))
    return {
      lines,
      debitCents: lines.reduce((sum, line) => sum + line.debitCents, 0),
      creditCents: lines.reduce((sum, line) => sum + line.creditCents, 0),
    }
  }
}
