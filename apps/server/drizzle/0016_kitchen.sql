CREATE TABLE "kitchen_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bumped_by" integer
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "display_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "is_kitchen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_bumped_by_staff_users_id_fk" FOREIGN KEY ("bumped_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_tickets_order_vendor_idx" ON "kitchen_tickets" USING btree ("order_id","vendor_id");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_open_idx" ON "kitchen_tickets" USING btree ("location_id","created_at") WHERE status <> 'done';--> statement-breakpoint
CREATE INDEX "kitchen_tickets_done_idx" ON "kitchen_tickets" USING btree ("location_id","done_at") WHERE status = 'done';--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_display_token_unique" UNIQUE("display_token");