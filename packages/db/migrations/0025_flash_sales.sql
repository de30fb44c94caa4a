CREATE TABLE "flash_sale_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"flash_sale_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_sale_units_quantity_positive" CHECK ("flash_sale_units"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "flash_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"sale_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"per_order_limit" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_sales_price_positive" CHECK ("flash_sales"."sale_price_cents" > 0),
	CONSTRAINT "flash_sales_quantity_positive" CHECK ("flash_sales"."quantity" >= 1),
	CONSTRAINT "flash_sales_per_order_limit_positive" CHECK ("flash_sales"."per_order_limit" >= 1),
	CONSTRAINT "flash_sales_sold_within_quantity" CHECK ("flash_sales"."sold_count" >= 0 and "flash_sales"."sold_count" <= "flash_sales"."quantity"),
	CONSTRAINT "flash_sales_ends_after_start" CHECK ("flash_sales"."ends_at" > "flash_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "flash_sale_units" ADD CONSTRAINT "flash_sale_units_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flash_sale_units_order_sale_key" ON "flash_sale_units" USING btree ("order_id","flash_sale_id");--> statement-breakpoint
CREATE INDEX "flash_sales_product_idx" ON "flash_sales" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "flash_sales_ends_idx" ON "flash_sales" USING btree ("ends_at");