ALTER TABLE "vendor_orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "tracking_reference" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "delivery_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "delivery_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_carrier_known" CHECK (carrier in ('g4s', 'wells-fargo', 'fargo-courier', 'sendy', 'posta-ems', 'speed-af', 'aramex', 'dhl', 'boda-boda', 'app-rider', 'own-delivery'));--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_confirmed_by_known" CHECK (delivery_confirmed_by in ('shopper', 'admin', 'auto'));--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_confirmed_when_delivered" CHECK ((delivery_confirmed_at is null) = (delivery_confirmed_by is null)
        and (delivery_confirmed_at is null or status in ('delivered', 'refunded')));--> statement-breakpoint
-- Parts delivered before deliveries were confirmed count as confirmed (no job would ever confirm them).
UPDATE "vendor_orders" SET "delivery_confirmed_at" = coalesce("delivered_at", "updated_at"), "delivery_confirmed_by" = 'auto' WHERE "status" = 'delivered';
