CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_reason_known" CHECK (reason in ('damaged', 'wrong-item', 'not-as-described', 'does-not-fit', 'changed-mind', 'missing-parts', 'other')),
	CONSTRAINT "return_lines_other_has_note" CHECK (reason <> 'other' or note is not null)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"vendor_order_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"method" text,
	"refusal_reason" text,
	"amount_cents" integer NOT NULL,
	"accepted_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_state_known" CHECK (state in ('requested', 'accepted', 'refused', 'received', 'refunded')),
	CONSTRAINT "returns_method_known" CHECK (method in ('drop-off', 'pickup')),
	CONSTRAINT "returns_method_when_accepted" CHECK ((method is null) = (accepted_at is null)),
	CONSTRAINT "returns_refusal_has_reason" CHECK ((refusal_reason is null) = (refused_at is null)),
	CONSTRAINT "returns_amount_positive" CHECK ("returns"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_vendor_order_id_vendor_orders_id_fk" FOREIGN KEY ("vendor_order_id") REFERENCES "public"."vendor_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_return_item_key" ON "return_lines" USING btree ("return_id","order_item_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_vendor_order_idx" ON "returns" USING btree ("vendor_order_id");