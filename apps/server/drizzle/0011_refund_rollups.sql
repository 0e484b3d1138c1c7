-- Card refunds of our own channels (online pickup and delivery, kiosk card) are negative rows of
-- order_adjustments, dated when they happen, with the refunded brand (vendor_id) when the refund is
-- for one brand's item; a partly refunded order that is then canceled gets a reversal (+ the earlier
-- refunds) dated at the cancellation. They already reach adjustment_rollups per channel. The
-- dashboard also takes them off the sales by brand and by hour, so the pending rows now carry the
-- brand and a new rollup keeps own-channel adjustments per brand and hour of the day (on the
-- location's clock). Marketplace adjustments (Deliveroo refunds and corrections) keep their meaning
-- and go to adjustment_rollups only.
--
-- Folds, and writers of order_adjustments, wait for this migration (in the advisory lock's order,
-- as the rebuild takes them), so the adjustment rollups are rebuilt from the ledger below exactly.
SELECT pg_advisory_xact_lock(7042001);
--> statement-breakpoint
LOCK TABLE order_adjustments IN SHARE MODE;
--> statement-breakpoint
CREATE TABLE "refund_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"hour" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "refund_rollups_location_id_grain_period_vendor_id_hour_pk" PRIMARY KEY("location_id","grain","period","vendor_id","hour")
);
--> statement-breakpoint
ALTER TABLE "adjustments_rollup_pending" ADD COLUMN "vendor_id" integer;
--> statement-breakpoint
-- Sales by location for all locations read each location's own-channel refunds by period.
CREATE INDEX "adjustment_rollups_period_idx" ON "adjustment_rollups" USING btree ("grain","period");
--> statement-breakpoint
-- The statement adding the adjustments of `src` (rows with location_id, occurred_at, channel,
-- amount, vendor_id and a "sign"; it may be a DELETE ... RETURNING) to both rollups, for the day,
-- dekad and month of the location and of all locations (location 0): every channel to
-- adjustment_rollups, our own channels also to refund_rollups by brand (0 = none) and hour.
CREATE OR REPLACE FUNCTION adjustment_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH src AS (%s), keyed AS (
  SELECT k.location_id, g.grain, rollup_period(g.grain, a.local_at::date) AS period,
    a.channel, a.own, a.vendor_id, a.hour, a.sign, a.amount
  FROM (
    SELECT s.location_id, s.channel,
      s.channel IN ('in_store_cash', 'in_store_card', 'online_pickup', 'online_delivery') AS own,
      coalesce(s.vendor_id, 0) AS vendor_id,
      s.occurred_at AT TIME ZONE l.time_zone AS local_at,
      extract(hour FROM s.occurred_at AT TIME ZONE l.time_zone)::smallint AS hour,
      s.sign, s.amount
    FROM src s JOIN locations l ON l.id = s.location_id
  ) a
  CROSS JOIN (VALUES ('day'), ('dekad'), ('month')) g(grain)
  CROSS JOIN LATERAL (VALUES (a.location_id), (0)) k(location_id)
), by_channel AS (
  INSERT INTO adjustment_rollups AS r (location_id, grain, period, channel, amount)
  SELECT location_id, grain, period, channel, sum(sign * amount)
  FROM keyed GROUP BY 1, 2, 3, 4
  HAVING sum(sign * amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, grain, period, channel) DO UPDATE SET amount = r.amount + excluded.amount
  RETURNING 1
), by_brand_hour AS (
  INSERT INTO refund_rollups AS r (location_id, grain, period, vendor_id, hour, amount)
  SELECT location_id, grain, period, vendor_id, hour, sum(sign * amount)
  FROM keyed WHERE own GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign * amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (location_id, grain, period, vendor_id, hour) DO UPDATE SET amount = r.amount + excluded.amount
  RETURNING 1
)
SELECT (SELECT count(*) FROM by_channel) + (SELECT count(*) FROM by_brand_hour)
$q$, src)
$fn$;
--> statement-breakpoint
-- The trigger copies the brand too.
CREATE OR REPLACE FUNCTION amount_rollups_on_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'stock_orders' THEN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO stock_orders_rollup_pending (location_id, approved_at, status, total, sign)
      SELECT location_id, approved_at, status, total, -1 FROM old_rows WHERE status = 'approved';
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO stock_orders_rollup_pending (location_id, approved_at, status, total, sign)
      SELECT location_id, approved_at, status, total, 1 FROM new_rows WHERE status = 'approved';
    END IF;
  ELSE
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO adjustments_rollup_pending (location_id, occurred_at, channel, amount, vendor_id, sign)
      SELECT location_id, occurred_at, channel, amount, vendor_id, -1 FROM old_rows;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO adjustments_rollup_pending (location_id, occurred_at, channel, amount, vendor_id, sign)
      SELECT location_id, occurred_at, channel, amount, vendor_id, 1 FROM new_rows;
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The adjustment rollups computed again from the ledger (the caller holds off folds and writers).
CREATE FUNCTION adjustment_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM adjustment_rollups;
  DELETE FROM refund_rollups;
  DELETE FROM adjustments_rollup_pending;
  EXECUTE adjustment_rollups_sql('SELECT location_id, occurred_at, channel, amount, vendor_id, 1 AS sign FROM order_adjustments');
END
$fn$;
--> statement-breakpoint
-- The full rebuild (a location's time zone changed) covers refund_rollups as well.
CREATE OR REPLACE FUNCTION sales_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(7042001);
  LOCK TABLE orders, order_lines, stock_orders, order_adjustments IN SHARE MODE;
  DELETE FROM sales_rollups;
  DELETE FROM location_sales_rollups;
  DELETE FROM hourly_sales_rollups;
  DELETE FROM vendor_sales_rollups;
  DELETE FROM meal_sales_rollups;
  DELETE FROM stock_sent_rollups;
  DELETE FROM orders_rollup_pending;
  DELETE FROM order_lines_rollup_pending;
  DELETE FROM stock_orders_rollup_pending;
  EXECUTE rollups_orders_sql('SELECT location_id, placed_at, channel, ingested_via, status, total, platform_fee, 1 AS sign FROM orders');
  EXECUTE rollups_lines_sql('SELECT o.location_id, o.placed_at, o.status, li.vendor_id, li.meal_id,
    li.meal_name, li.quantity, li.line_total, 1 AS sign FROM order_lines li JOIN orders o ON o.id = li.order_id');
  EXECUTE stock_sent_rollups_sql('SELECT location_id, approved_at, status, total, 1 AS sign FROM stock_orders');
  PERFORM adjustment_rollups_rebuild();
END
$fn$;
--> statement-breakpoint
-- Existing adjustments (and whatever was pending) into both rollups, from the ledger.
SELECT adjustment_rollups_rebuild();
