CREATE TABLE "sms_delivery_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"network_code" text DEFAULT '' NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"parts" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"provider_status_code" integer,
	"cost" text,
	"delivery_status" text,
	"delivery_failure_reason" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'sending', 'sent', 'failed', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_order_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_delivery_reports_key" ON "sms_delivery_reports" USING btree ("provider_message_id","status","retry_count");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_id_key" ON "sms_messages" USING btree ("provider_message_id") WHERE "sms_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_order_idx" ON "sms_messages" USING btree ("order_id");