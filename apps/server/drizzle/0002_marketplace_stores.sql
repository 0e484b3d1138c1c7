CREATE TABLE "marketplace_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"store_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"vendor_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_stores_channel_check" CHECK ("marketplace_stores"."channel" IN ('uber_eats', 'deliveroo', 'doordash', 'menulog'))
);
--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD CONSTRAINT "marketplace_stores_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD CONSTRAINT "marketplace_stores_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stores_channel_store_idx" ON "marketplace_stores" USING btree ("channel","store_id");--> statement-breakpoint
CREATE INDEX "marketplace_stores_location_idx" ON "marketplace_stores" USING btree ("location_id");