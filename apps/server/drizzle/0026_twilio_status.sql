ALTER TABLE "outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_error_code" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_final_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_provider_id_idx" ON "outbox" USING btree ("provider_id") WHERE provider_id IS NOT NULL;