-- The pending tables are filled by every write and emptied by every fold (each second), so they are
-- mostly dead rows; a fold's check for pending rows reads past all of them. Vacuum them after 1,000
-- dead rows instead of after 20% of the table.
ALTER TABLE orders_rollup_pending SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE order_lines_rollup_pending SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE stock_orders_rollup_pending SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ALTER TABLE adjustments_rollup_pending SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
