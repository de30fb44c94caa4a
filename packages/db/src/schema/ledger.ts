import { ACCOUNT_KINDS, REFERENCE_TYPES, TRANSACTION_KINDS } from '@soko/domain/ledger'
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { businesses } from './vendors.ts'

// The ledger (the ledger module; docs/decisions/0014-ledger.md): every money event is one balanced transaction of
// entries. Both tables are append-only, and a transaction whose debits and credits differ cannot be committed: the
// triggers of migration 0016 refuse it.

const listed = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`

/** One money event: what it was, why (its memo: an admin's reason for an adjustment), and what caused it. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    /** The event's idempotency key (`payment_received:payment:12`): the same event is recorded once. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    memo: text('memo').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: integer('reference_id').notNull(),
    /** The admin who made an adjustment; null for the system. No foreign key: the record outlives any account. */
    actorId: integer('actor_id'),
    createdAt,
  },
  (t) => [
    uniqueIndex('ledger_transactions_key').on(t.key),
    index('ledger_transactions_reference_idx').on(t.referenceType, t.referenceId),
    check('ledger_transactions_kind_known', sql.raw(`kind in ${listed(TRANSACTION_KINDS)}`)),
    check('ledger_transactions_reference_known', sql.raw(`reference_type in ${listed(REFERENCE_TYPES)}`)),
    check('ledger_transactions_memo_given', sql`length(trim(${t.memo})) > 0`),
  ],
)

/** One line of a transaction: an account (a vendor's carries its vendor), a side, and a positive amount in cents. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** An account kind of packages/domain/src/ledger.ts. */
    account: text('account').notNull(),
    /** The vendor (business) of a vendor account; null for the marketplace's own accounts. */
    vendorId: integer('vendor_id').references(() => businesses.id, { onDelete: 'restrict' }),
    side: text('side', { enum: ['debit', 'credit'] }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // An account's entries in order: balances, statements and the pages of entriesOf.
    index('ledger_entries_account_idx').on(t.account, t.vendorId, t.id),
    check('ledger_entries_account_known', sql.raw(`account in ${listed(ACCOUNT_KINDS)}`)),
    check('ledger_entries_side_known', sql`${t.side} in ('debit', 'credit')`),
    check('ledger_entries_cents_positive', sql`${t.cents} > 0`),
    check('ledger_entries_vendor_account', sql`(${t.vendorId} is not null) = (left(${t.account}, 7) = 'vendor_')`),
  ],
)
