CREATE TABLE "kitchen_displays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"location_id" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "kitchen_displays" ADD CONSTRAINT "kitchen_displays_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_displays_instance_idx" ON "kitchen_displays" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "kitchen_displays_seen_idx" ON "kitchen_displays" USING btree ("seen_at");