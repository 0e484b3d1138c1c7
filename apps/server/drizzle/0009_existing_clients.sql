ALTER TABLE "customers" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "facebook_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_facebook_id_unique" UNIQUE("facebook_id");