CREATE TABLE "product_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"applied_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "product_imports_state" CHECK ("product_imports"."state" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pending_image_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_business_idx" ON "product_imports" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_business_sku_key" ON "products" USING btree ("business_id","sku") WHERE "products"."sku" is not null;