CREATE TYPE "public"."meal_status" AS ENUM('Enabled', 'Disabled', 'Waiting for review', 'Rejected');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('Received', 'Cooking', 'Ready for pickup', 'On its way', 'Finished', 'Canceled');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('sms', 'email');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."sales_channel" AS ENUM('in_store_cash', 'in_store_card', 'online_pickup', 'online_delivery', 'uber_eats', 'deliveroo', 'doordash', 'menulog');--> statement-breakpoint
CREATE TYPE "public"."sales_report_status" AS ENUM('unavailable', 'generated', 'approved');--> statement-breakpoint
CREATE TYPE "public"."session_kind" AS ENUM('customer', 'staff');--> statement-breakpoint
CREATE TYPE "public"."stock_item_status" AS ENUM('enabled', 'disabled');--> statement-breakpoint
CREATE TYPE "public"."stock_order_status" AS ENUM('pending', 'approved', 'disapproved');--> statement-breakpoint
CREATE TABLE "fortnight_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_operator_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"approved_by" integer NOT NULL,
	"approved_by_email" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"status" "sales_report_status" DEFAULT 'generated' NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"email" text NOT NULL,
	"abn" text,
	"in_store_cash_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"in_store_card_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"online_pickup_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"online_delivery_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"uber_eats_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"doordash_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"deliveroo_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"menulog_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"suburb" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"time_zone" text DEFAULT 'Australia/Melbourne' NOT NULL,
	"delivery_days" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_stock_order" numeric(12, 2) DEFAULT '0' NOT NULL,
	"min_stock_delivery_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"delivery_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"square_location_id" text,
	"email" text,
	"external_operator_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image" text,
	"link" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchens" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "kitchens_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "meal_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_combos" (
	"id" serial PRIMARY KEY NOT NULL,
	"meal_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" "meal_status" DEFAULT 'Enabled' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_subitems" (
	"id" serial PRIMARY KEY NOT NULL,
	"meal_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" "meal_status" DEFAULT 'Enabled' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meals" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"status" "meal_status" DEFAULT 'Enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_kitchens" (
	"vendor_id" integer NOT NULL,
	"kitchen_id" integer NOT NULL,
	CONSTRAINT "vendor_kitchens_vendor_id_kitchen_id_pk" PRIMARY KEY("vendor_id","kitchen_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"title" text NOT NULL,
	"address" text,
	"logo" text,
	"image" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"username" text NOT NULL,
	"phone" text,
	"square_terminal_device_code" text DEFAULT '0' NOT NULL,
	"square_terminal_device_id" text DEFAULT '0' NOT NULL,
	"device_code_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"order_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"external_id" text
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"vendor_id" integer,
	"meal_id" integer,
	"meal_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"subitem" text,
	"combos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_request" text,
	"line_total" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"changed_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"external_id" text,
	"customer_id" integer,
	"customer_name" text,
	"customer_phone" text,
	"customer_email" text,
	"status" "order_status" DEFAULT 'Received' NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_for" timestamp with time zone,
	"delivery_location" text,
	"sub_total" numeric(12, 2) NOT NULL,
	"delivery_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"promo_code" text,
	"transaction_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"platform_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payment_receipt_number" text,
	"idempotency_key" text,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"customer_id" integer,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"source_type" text,
	"receipt_number" text,
	"total_cents" integer NOT NULL,
	"app_fee_cents" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"percent_off" integer,
	"amount_off" numeric(12, 2),
	"min_sub_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"username" text,
	"email" text,
	"address" text,
	"location_id" integer,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" "session_kind" NOT NULL,
	"customer_id" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"is_stock_user" boolean DEFAULT false NOT NULL,
	"is_stock_admin" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"is_operator" boolean DEFAULT false NOT NULL,
	"location_id" integer,
	"external_operator_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"credential_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"meal_id" integer NOT NULL,
	"stock_list_item_id" integer NOT NULL,
	"qty" numeric(12, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_expiry_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"stock_list_item_id" integer NOT NULL,
	"stock_order_id" integer,
	"name" text NOT NULL,
	"expiring_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"par" numeric(12, 3) DEFAULT '0' NOT NULL,
	"has_gst" boolean DEFAULT true NOT NULL,
	"has_expiry" boolean DEFAULT false NOT NULL,
	"status" "stock_item_status" DEFAULT 'enabled' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stock_list_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"qty_type" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"par" numeric(12, 3) DEFAULT '0' NOT NULL,
	"qty" numeric(12, 3) NOT NULL,
	"sub_total" numeric(12, 2) NOT NULL,
	"gst" numeric(12, 3) NOT NULL,
	"total" numeric(12, 3) NOT NULL,
	"expiry_adjustment" smallint
);
--> statement-breakpoint
CREATE TABLE "stock_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"placed_by" integer,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "stock_order_status" DEFAULT 'pending' NOT NULL,
	"sub_total" numeric(12, 2) NOT NULL,
	"gst" numeric(12, 2) NOT NULL,
	"delivery_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"admin_adjustment" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"disapproved_at" timestamp with time zone,
	"disapproved_by" integer,
	"disapproved_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"qty_type" text NOT NULL,
	"whole_units" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stock_units_qty_type_unique" UNIQUE("qty_type")
);
--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD CONSTRAINT "invoice_approvals_external_operator_id_external_operators_id_fk" FOREIGN KEY ("external_operator_id") REFERENCES "public"."external_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD CONSTRAINT "invoice_approvals_period_id_fortnight_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."fortnight_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_approvals" ADD CONSTRAINT "invoice_approvals_approved_by_staff_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_reports" ADD CONSTRAINT "sales_reports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_reports" ADD CONSTRAINT "sales_reports_period_id_fortnight_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."fortnight_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_external_operator_id_external_operators_id_fk" FOREIGN KEY ("external_operator_id") REFERENCES "public"."external_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_combos" ADD CONSTRAINT "meal_combos_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_subitems" ADD CONSTRAINT "meal_subitems_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_category_id_meal_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."meal_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_kitchens" ADD CONSTRAINT "vendor_kitchens_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_kitchens" ADD CONSTRAINT "vendor_kitchens_kitchen_id_kitchens_id_fk" FOREIGN KEY ("kitchen_id") REFERENCES "public"."kitchens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_changed_by_staff_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_changed_by_staff_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_external_operator_id_external_operators_id_fk" FOREIGN KEY ("external_operator_id") REFERENCES "public"."external_operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bundles" ADD CONSTRAINT "stock_bundles_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bundles" ADD CONSTRAINT "stock_bundles_stock_list_item_id_stock_list_items_id_fk" FOREIGN KEY ("stock_list_item_id") REFERENCES "public"."stock_list_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_expiry_reminders" ADD CONSTRAINT "stock_expiry_reminders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_expiry_reminders" ADD CONSTRAINT "stock_expiry_reminders_stock_list_item_id_stock_list_items_id_fk" FOREIGN KEY ("stock_list_item_id") REFERENCES "public"."stock_list_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_expiry_reminders" ADD CONSTRAINT "stock_expiry_reminders_stock_order_id_stock_orders_id_fk" FOREIGN KEY ("stock_order_id") REFERENCES "public"."stock_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_list_items" ADD CONSTRAINT "stock_list_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_list_items" ADD CONSTRAINT "stock_list_items_unit_id_stock_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."stock_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_order_lines" ADD CONSTRAINT "stock_order_lines_stock_order_id_stock_orders_id_fk" FOREIGN KEY ("stock_order_id") REFERENCES "public"."stock_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_order_lines" ADD CONSTRAINT "stock_order_lines_stock_list_item_id_stock_list_items_id_fk" FOREIGN KEY ("stock_list_item_id") REFERENCES "public"."stock_list_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_orders" ADD CONSTRAINT "stock_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_orders" ADD CONSTRAINT "stock_orders_placed_by_staff_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_orders" ADD CONSTRAINT "stock_orders_approved_by_staff_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_orders" ADD CONSTRAINT "stock_orders_disapproved_by_staff_users_id_fk" FOREIGN KEY ("disapproved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fortnight_periods_start_idx" ON "fortnight_periods" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "invoice_approvals_operator_period_idx" ON "invoice_approvals" USING btree ("external_operator_id","period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_reports_location_period_idx" ON "sales_reports" USING btree ("location_id","period_id");--> statement-breakpoint
CREATE INDEX "meal_combos_meal_idx" ON "meal_combos" USING btree ("meal_id");--> statement-breakpoint
CREATE INDEX "meal_subitems_meal_idx" ON "meal_subitems" USING btree ("meal_id");--> statement-breakpoint
CREATE INDEX "meals_vendor_idx" ON "meals" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendors_location_idx" ON "vendors" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "kiosks_location_idx" ON "kiosks" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_adjustments_location_idx" ON "order_adjustments" USING btree ("location_id","occurred_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_meal_idx" ON "order_lines" USING btree ("meal_id");--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_location_placed_idx" ON "orders" USING btree ("location_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_idx" ON "orders" USING btree ("channel","external_id") WHERE external_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "rate_limit_events_idx" ON "rate_limit_events" USING btree ("bucket","key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sms_codes_live_idx" ON "sms_codes" USING btree ("phone") WHERE consumed_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_idx" ON "staff_users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_bundles_meal_item_idx" ON "stock_bundles" USING btree ("meal_id","stock_list_item_id");--> statement-breakpoint
CREATE INDEX "stock_expiry_reminders_location_idx" ON "stock_expiry_reminders" USING btree ("location_id","expiring_on");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_list_items_location_name_idx" ON "stock_list_items" USING btree ("location_id","name");--> statement-breakpoint
CREATE INDEX "stock_order_lines_order_idx" ON "stock_order_lines" USING btree ("stock_order_id");--> statement-breakpoint
CREATE INDEX "stock_orders_location_placed_idx" ON "stock_orders" USING btree ("location_id","placed_at");--> statement-breakpoint
CREATE INDEX "stock_orders_status_idx" ON "stock_orders" USING btree ("status","placed_at");