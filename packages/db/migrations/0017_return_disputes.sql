CREATE TABLE "return_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "returns" DROP CONSTRAINT "returns_state_known";--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refunded_cents" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "dispute_cause" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
-- A shop's refusal now takes a return to the dispute desk (decision 0015); what was refunded is its own column.
UPDATE "returns" SET "state" = 'disputed', "dispute_cause" = 'refused', "disputed_at" = "refused_at" WHERE "state" = 'refused';--> statement-breakpoint
UPDATE "returns" SET "refunded_cents" = "amount_cents" WHERE "state" = 'refunded';--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("return_id");--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_dispute_cause_known" CHECK (dispute_cause in ('refused', 'unanswered'));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_disputed_has_cause" CHECK ((dispute_cause is null) = (disputed_at is null));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decision_has_note" CHECK ((decision_note is null) = (decided_at is null));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_within_amount" CHECK ("returns"."refunded_cents" is null or ("returns"."refunded_cents" > 0 and "returns"."refunded_cents" <= "returns"."amount_cents"));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refunded_has_amount" CHECK ((refunded_cents is null) = (refunded_at is null));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_state_known" CHECK (state in ('requested', 'accepted', 'disputed', 'received', 'refunded', 'rejected'));