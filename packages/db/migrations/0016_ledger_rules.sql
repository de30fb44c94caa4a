-- Hand-written. The ledger's rules, kept by the database itself so that no code path (nor an operator's psql) can
-- break them (docs/decisions/0014-ledger.md):
-- 1. Entries and transactions are append-only: a mistake is corrected by a new transaction, never by an edit.
-- 2. A transaction's debits equal its credits when the database transaction that wrote it commits: a deferred
--    constraint trigger sums the transaction's entries once all of them are in, and refuses the commit otherwise.
CREATE FUNCTION soko_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION soko_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION soko_ledger_append_only();
--> statement-breakpoint
CREATE FUNCTION soko_ledger_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  difference bigint;
BEGIN
  SELECT coalesce(sum(CASE WHEN side = 'debit' THEN cents ELSE -cents END), 0) INTO difference
  FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF difference <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced: debits less credits are % cents', NEW.transaction_id, difference
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION soko_ledger_balanced();
