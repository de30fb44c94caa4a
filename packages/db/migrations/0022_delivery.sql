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
ALTER TABLE "vendor_orders" DROP CONSTRAINT "vendor_orders_carrier_known";--> statement-breakpoint
ALTER TABLE "vendor_orders" DROP CONSTRAINT "vendor_orders_confirmed_by_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collection_code" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "at_station_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pickup_stations_county_idx" ON "pickup_stations" USING btree ("county","name");--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_carrier_known" CHECK (carrier in ('g4s', 'wells-fargo', 'fargo-courier', 'sendy', 'posta-ems', 'speed-af', 'aramex', 'dhl', 'boda-boda', 'app-rider', 'own-delivery', 'pickup-station'));--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_confirmed_by_known" CHECK (delivery_confirmed_by in ('shopper', 'admin', 'auto', 'station'));