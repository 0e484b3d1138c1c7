ALTER TABLE "locations" ADD COLUMN "slot_capacity_items" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "busy_until" timestamp with time zone;