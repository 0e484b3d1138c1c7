CREATE TABLE "marketplace_payout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"location_id" integer NOT NULL,
	"store_id" text NOT NULL,
	"platform_order_id" text NOT NULL,
	"order_date" date NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"sales" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"payout" numeric(12, 2) NOT NULL,
	"payout_date" date,
	"payout_ref" text,
	"row_key" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_payout_lines_kind_check" CHECK ("marketplace_payout_lines"."kind" IN ('sale', 'refund', 'canceled', 'adjustment')),
	CONSTRAINT "marketplace_payout_lines_channel_check" CHECK ("marketplace_payout_lines"."channel" IN ('uber_eats', 'doordash'))
);
--> statement-breakpoint
ALTER TABLE "marketplace_payout_lines" ADD CONSTRAINT "marketplace_payout_lines_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_payout_lines_row_idx" ON "marketplace_payout_lines" USING btree ("channel","row_key");--> statement-breakpoint
CREATE INDEX "marketplace_payout_lines_location_date_idx" ON "marketplace_payout_lines" USING btree ("location_id","order_date");--> statement-breakpoint
CREATE INDEX "marketplace_payout_lines_order_idx" ON "marketplace_payout_lines" USING btree ("channel","platform_order_id");