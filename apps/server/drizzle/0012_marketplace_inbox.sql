CREATE TABLE "marketplace_inbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "marketplace_inbox_status_check" CHECK ("marketplace_inbox"."status" IN ('pending', 'processed', 'failed')),
	CONSTRAINT "marketplace_inbox_attempts_check" CHECK ("marketplace_inbox"."attempts" >= 0),
	CONSTRAINT "marketplace_inbox_channel_check" CHECK ("marketplace_inbox"."channel" IN ('uber_eats', 'deliveroo', 'doordash', 'menulog'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_inbox_channel_event_idx" ON "marketplace_inbox" USING btree ("channel","event_id");--> statement-breakpoint
CREATE INDEX "marketplace_inbox_pending_idx" ON "marketplace_inbox" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "marketplace_inbox_received_idx" ON "marketplace_inbox" USING btree ("received_at");