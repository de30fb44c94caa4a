CREATE TABLE "payout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payout_id" integer,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"raw_body" text NOT NULL,
	"remote_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "state" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "started_by" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "originator_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "mpesa_receipt" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "result_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "result_desc" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "query_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_events_created_idx" ON "payout_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_originator_key" ON "payouts" USING btree ("originator_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method" CHECK (method in ('mpesa_b2c', 'manual'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_state" CHECK (state in ('queued', 'sent', 'paid', 'failed'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_started_by" CHECK (started_by in ('schedule', 'admin'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_mpesa_phone" CHECK ("payouts"."method" <> 'mpesa_b2c' or ("payouts"."phone" is not null and "payouts"."originator_id" is not null));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_manual_paid" CHECK ("payouts"."method" <> 'manual' or "payouts"."state" = 'paid');