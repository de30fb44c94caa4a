CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"vendor_order_id" integer NOT NULL,
	"return_id" integer,
	"cause" text NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'approved' NOT NULL,
	"goods_cents" integer NOT NULL,
	"delivery_cents" integer DEFAULT 0 NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"marketplace_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"phone" text,
	"originator_id" text,
	"conversation_id" text,
	"provider_reference" text,
	"result_code" integer,
	"result_desc" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"approved_by" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_state_known" CHECK (state in ('approved', 'sending', 'sent', 'failed')),
	CONSTRAINT "refunds_cause_known" CHECK (cause in ('order_refund', 'return', 'dispute', 'cancellation', 'late_payment')),
	CONSTRAINT "refunds_method_known" CHECK (method in ('mpesa', 'credit-card')),
	CONSTRAINT "refunds_amount_adds_up" CHECK ("refunds"."amount_cents" > 0 and "refunds"."amount_cents" = "refunds"."goods_cents" + "refunds"."delivery_cents" + "refunds"."vat_cents" + "refunds"."marketplace_cents"),
	CONSTRAINT "refunds_parts_not_negative" CHECK ("refunds"."goods_cents" >= 0 and "refunds"."delivery_cents" >= 0 and "refunds"."marketplace_cents" >= 0 and "refunds"."commission_cents" >= 0),
	CONSTRAINT "refunds_mpesa_has_phone" CHECK ("refunds"."method" <> 'mpesa' or "refunds"."phone" is not null),
	CONSTRAINT "refunds_sent_when_sent" CHECK (("refunds"."state" = 'sent') = ("refunds"."sent_at" is not null)),
	CONSTRAINT "refunds_reason_not_blank" CHECK (btrim("refunds"."reason") <> '')
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_vendor_order_id_vendor_orders_id_fk" FOREIGN KEY ("vendor_order_id") REFERENCES "public"."vendor_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_vendor_order_idx" ON "refunds" USING btree ("vendor_order_id");--> statement-breakpoint
CREATE INDEX "refunds_unsent_idx" ON "refunds" USING btree ("state") WHERE "refunds"."state" <> 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_originator_key" ON "refunds" USING btree ("originator_id");