ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_known";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_known";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_known";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_known";--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "collected_via" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "collected_by" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "collected_reference" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vendor_orders_refused_idx" ON "vendor_orders" USING btree ("order_id") WHERE refused_at is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_known" CHECK (account in ('mpesa_float', 'card_clearing', 'cash_on_delivery', 'commission_income', 'vat_on_commission', 'delivery_fees', 'vat_on_sales', 'refunds_payable', 'shopper_refunds', 'adjustments', 'vendor_pending', 'vendor_available', 'vendor_payout_in_transit', 'vendor_collected'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_known" CHECK (kind in ('payment_received', 'payment_collected', 'collection_settled', 'commission_taken', 'commission_returned', 'part_released', 'refund_approved', 'refund_sent', 'payout_sent', 'payout_settled', 'payout_failed', 'manual_adjustment'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK (payment_method in ('mpesa', 'credit-card', 'mpesa-paybill', 'pay-on-delivery'));--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_collected_known" CHECK ((collected_at is null and collected_via is null and collected_by is null) or (collected_at is not null and collected_via in ('cash', 'mpesa') and collected_by in ('vendor', 'marketplace')));--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_collected_or_refused" CHECK (collected_at is null or refused_at is null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK (method in ('mpesa', 'credit-card', 'mpesa-paybill', 'pay-on-delivery'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_known" CHECK (method in ('mpesa', 'credit-card', 'mpesa-paybill', 'pay-on-delivery'));