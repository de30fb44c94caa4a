CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account" text NOT NULL,
	"vendor_id" integer,
	"side" text NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_account_known" CHECK (account in ('mpesa_float', 'card_clearing', 'commission_income', 'vat_on_commission', 'delivery_fees', 'vat_on_sales', 'refunds_payable', 'shopper_refunds', 'adjustments', 'vendor_pending', 'vendor_available', 'vendor_payout_in_transit')),
	CONSTRAINT "ledger_entries_side_known" CHECK ("ledger_entries"."side" in ('debit', 'credit')),
	CONSTRAINT "ledger_entries_cents_positive" CHECK ("ledger_entries"."cents" > 0),
	CONSTRAINT "ledger_entries_vendor_account" CHECK (("ledger_entries"."vendor_id" is not null) = (left("ledger_entries"."account", 7) = 'vendor_'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" integer NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind_known" CHECK (kind in ('payment_received', 'commission_taken', 'commission_returned', 'part_released', 'refund_approved', 'refund_sent', 'payout_sent', 'payout_settled', 'payout_failed', 'manual_adjustment')),
	CONSTRAINT "ledger_transactions_reference_known" CHECK (reference_type in ('payment', 'vendor_part', 'refund', 'payout', 'adjustment')),
	CONSTRAINT "ledger_transactions_memo_given" CHECK (length(trim("ledger_transactions"."memo")) > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_id_businesses_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","vendor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference_type","reference_id");