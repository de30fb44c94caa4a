CREATE TABLE "c2b_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"trans_type" text DEFAULT '' NOT NULL,
	"trans_time" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"short_code" text DEFAULT '' NOT NULL,
	"bill_ref" text DEFAULT '' NOT NULL,
	"msisdn" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"problem" text,
	"refund_owed" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2b_payments_problem_known" CHECK (problem in ('unknown_account', 'wrong_amount', 'order_paid', 'order_cancelled', 'order_expired')),
	CONSTRAINT "c2b_payments_amount_positive" CHECK ("c2b_payments"."amount_cents" > 0),
	CONSTRAINT "c2b_payments_resolved_note" CHECK (("c2b_payments"."resolved_at" is null) = ("c2b_payments"."resolution_note" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_known";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_known";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_known";--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2b_payments" ADD CONSTRAINT "c2b_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "c2b_payments_trans_id_key" ON "c2b_payments" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "c2b_payments_unmatched_idx" ON "c2b_payments" USING btree ("created_at" DESC NULLS LAST) WHERE "c2b_payments"."problem" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK (payment_method in ('mpesa', 'credit-card', 'mpesa-paybill'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK (method in ('mpesa', 'credit-card', 'mpesa-paybill'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_known" CHECK (method in ('mpesa', 'credit-card', 'mpesa-paybill'));