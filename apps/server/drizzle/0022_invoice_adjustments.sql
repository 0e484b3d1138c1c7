ALTER TABLE "invoice_approvals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD COLUMN "paid_by_email" text;--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD COLUMN "paid_reference" text;--> statement-breakpoint
UPDATE "invoice_approvals" a SET "superseded_at" = b."approved_at" FROM "invoice_approvals" b WHERE a."superseded_at" IS NULL AND b."superseded_at" IS NULL AND a."external_operator_id" = b."external_operator_id" AND a."period_id" = b."period_id" AND a."id" < b."id";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_approvals_current_idx" ON "invoice_approvals" USING btree ("external_operator_id","period_id") WHERE superseded_at IS NULL;--> statement-breakpoint
CREATE TABLE "invoice_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_operator_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"has_gst" boolean NOT NULL,
	"in_ledger" boolean NOT NULL,
	"order_id" integer,
	"source" jsonb NOT NULL,
	"reference" text NOT NULL,
	"approval_id" integer,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"unique_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_external_operator_id_external_operators_id_fk" FOREIGN KEY ("external_operator_id") REFERENCES "public"."external_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_period_id_fortnight_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."fortnight_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_adjustments" ADD CONSTRAINT "invoice_adjustments_approval_id_invoice_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."invoice_approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_adjustments_key_idx" ON "invoice_adjustments" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "invoice_adjustments_operator_period_idx" ON "invoice_adjustments" USING btree ("external_operator_id","period_id");
