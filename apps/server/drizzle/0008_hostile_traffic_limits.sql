CREATE TABLE "promo_customer_uses" (
	"code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "promo_customer_uses_code_customer_id_pk" PRIMARY KEY("code","customer_id")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses_per_customer" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_customer_uses" ADD CONSTRAINT "promo_customer_uses_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_customer_uses" ADD CONSTRAINT "promo_customer_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
-- Uses so far, from the ledger: limits set later count the orders already placed with a code.
INSERT INTO "promo_customer_uses" ("code", "customer_id", "uses")
  SELECT o."promo_code", o."customer_id", count(*)::int FROM "orders" o
  JOIN "promo_codes" p ON p."code" = o."promo_code"
  WHERE o."customer_id" IS NOT NULL AND o."status" <> 'Canceled'
  GROUP BY o."promo_code", o."customer_id";--> statement-breakpoint
UPDATE "promo_codes" p SET "uses" = (
  SELECT count(*)::int FROM "orders" o WHERE o."promo_code" = p."code" AND o."status" <> 'Canceled'
);
