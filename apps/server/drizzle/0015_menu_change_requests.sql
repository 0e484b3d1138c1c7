CREATE TABLE "menu_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"meal_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_change_requests" ADD CONSTRAINT "menu_change_requests_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_change_requests" ADD CONSTRAINT "menu_change_requests_requested_by_staff_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_change_requests" ADD CONSTRAINT "menu_change_requests_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_change_requests_meal_idx" ON "menu_change_requests" USING btree ("meal_id","created_at");--> statement-breakpoint
CREATE INDEX "menu_change_requests_status_idx" ON "menu_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_change_requests_one_pending_idx" ON "menu_change_requests" USING btree ("kind","target_id") WHERE "menu_change_requests"."status" = 'pending';