DROP TABLE "adjustment_rollups_delta" CASCADE;--> statement-breakpoint
DROP TABLE "hourly_sales_rollups_delta" CASCADE;--> statement-breakpoint
DROP TABLE "location_sales_rollups_delta" CASCADE;--> statement-breakpoint
DROP TABLE "meal_sales_rollups_delta" CASCADE;--> statement-breakpoint
DROP TABLE "sales_rollups_delta" CASCADE;--> statement-breakpoint
DROP TABLE "stock_sent_rollups_delta" CASCADE;--> statement-breakpoint
DROP TABLE "vendor_sales_rollups_delta" CASCADE;