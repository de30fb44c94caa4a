CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"nairobi_cents" integer NOT NULL,
	"near_cents" integer NOT NULL,
	"rest_cents" integer NOT NULL,
	"extra_vendor_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_fees_not_negative" CHECK ("delivery_settings"."nairobi_cents" >= 0 and "delivery_settings"."near_cents" >= 0 and "delivery_settings"."rest_cents" >= 0 and "delivery_settings"."extra_vendor_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pickup_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"county" text NOT NULL,
	"town" text NOT NULL,
	"address" text NOT NULL,
	"opening_hours" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_stations_fee_not_negative" CHECK ("pickup_stations"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collection_code" text;--> statement-breakpoint
CREATE INDEX "pickup_stations_county_idx" ON "pickup_stations" USING btree ("county","name");