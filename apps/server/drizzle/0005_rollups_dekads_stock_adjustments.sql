CREATE TABLE "adjustment_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "adjustment_rollups_location_id_grain_period_channel_pk" PRIMARY KEY("location_id","grain","period","channel")
);
--> statement-breakpoint
-- A third grain, the dekad (days 1-10, 11-20, 21 to the month's end), so the ends of a long range
-- are read as a few dekads rather than up to 30 days per key: a year is 12 months, at most 4
-- dekads and 18 days. The period of a day in each grain:
CREATE FUNCTION rollup_period(grain text, day date) RETURNS date LANGUAGE sql IMMUTABLE AS $fn$
SELECT CASE grain
  WHEN 'day' THEN day
  WHEN 'dekad' THEN date_trunc('month', day)::date + least((extract(day FROM day)::int - 1) / 10, 2) * 10
  ELSE date_trunc('month', day)::date END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollups_orders_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH keyed AS (
  SELECT k.location_id, g.grain,
    rollup_period(g.grain, o.local_at::date) AS period,
    o.channel, o.imported, o.canceled, o.finished, o.hour, o.sign, o.total, o.platform_fee
  FROM (
    SELECT s.location_id, s.channel, coalesce(s.ingested_via = 'csv', false) AS imported,
      s.status = 'Canceled' AS canceled, s.status = 'Finished' AS finished,
      s.placed_at AT TIME ZONE l.time_zone AS local_at,
      extract(hour FROM s.placed_at AT TIME ZONE l.time_zone)::smallint AS hour,
      s.sign, s.total, s.platform_fee
    FROM (%s) s JOIN locations l ON l.id = s.location_id
  ) o
  CROSS JOIN (VALUES ('day'), ('dekad'), ('month')) g(grain)
  CROSS JOIN LATERAL (VALUES (o.location_id), (0)) k(location_id)
), by_channel AS (
  INSERT INTO sales_rollups AS r (location_id, grain, period, channel, imported, canceled, orders, finished, sales, fees)
  SELECT location_id, grain, period, channel, imported, canceled, sum(sign),
    coalesce(sum(sign) FILTER (WHERE finished), 0), sum(sign * total), sum(sign * platform_fee)
  FROM keyed GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE finished), 0) <> 0
    OR sum(sign * total) <> 0 OR sum(sign * platform_fee) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (location_id, grain, period, channel, imported, canceled) DO UPDATE SET
    orders = r.orders + excluded.orders, finished = r.finished + excluded.finished,
    sales = r.sales + excluded.sales, fees = r.fees + excluded.fees
  RETURNING 1
), by_location AS (
  INSERT INTO location_sales_rollups AS r (location_id, grain, period, orders, sales)
  SELECT location_id, grain, period, sum(sign), sum(sign * total)
  FROM keyed WHERE NOT canceled AND location_id <> 0 GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR sum(sign * total) <> 0
  ORDER BY 2, 3, 1
  ON CONFLICT (grain, period, location_id) DO UPDATE SET
    orders = r.orders + excluded.orders, sales = r.sales + excluded.sales
  RETURNING 1
), by_hour AS (
  INSERT INTO hourly_sales_rollups AS r (location_id, grain, period, hour, orders, sales)
  SELECT location_id, grain, period, hour, sum(sign), sum(sign * total)
  FROM keyed WHERE NOT canceled GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(sign * total) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, grain, period, hour) DO UPDATE SET
    orders = r.orders + excluded.orders, sales = r.sales + excluded.sales
  RETURNING 1
)
SELECT (SELECT count(*) FROM by_channel) + (SELECT count(*) FROM by_location) + (SELECT count(*) FROM by_hour)
$q$, src)
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollups_lines_sql(lines text, orders text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH keyed AS (
  SELECT o.location_id, g.grain,
    rollup_period(g.grain, (o.placed_at AT TIME ZONE l.time_zone)::date) AS period,
    coalesce(li.vendor_id, 0) AS vendor_id, coalesce(li.meal_id, 0) AS meal_id,
    CASE WHEN li.meal_id IS NULL THEN li.meal_name ELSE '' END AS meal_name,
    li.sign * o.sign AS sign, li.line_total, li.quantity
  FROM (%s) li JOIN (%s) o ON o.id = li.order_id
  JOIN locations l ON l.id = o.location_id
  CROSS JOIN (VALUES ('day'), ('dekad'), ('month')) g(grain)
  WHERE o.status <> 'Canceled'
), by_vendor AS (
  INSERT INTO vendor_sales_rollups AS r (location_id, grain, period, vendor_id, sales)
  SELECT location_id, grain, period, vendor_id, sum(sign * line_total)
  FROM keyed GROUP BY 1, 2, 3, 4
  HAVING sum(sign * line_total) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (location_id, grain, period, vendor_id) DO UPDATE SET sales = r.sales + excluded.sales
  RETURNING 1
), by_meal AS (
  INSERT INTO meal_sales_rollups AS r (location_id, grain, period, meal_id, meal_name, quantity)
  SELECT location_id, grain, period, meal_id, meal_name, sum(sign * quantity)
  FROM keyed GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign * quantity) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (location_id, grain, period, meal_id, meal_name) DO UPDATE SET quantity = r.quantity + excluded.quantity
  RETURNING 1
)
SELECT (SELECT count(*) FROM by_vendor) + (SELECT count(*) FROM by_meal)
$q$, lines, orders)
$fn$;
--> statement-breakpoint
CREATE TABLE "stock_sent_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "stock_sent_rollups_location_id_grain_period_pk" PRIMARY KEY("location_id","grain","period")
);
--> statement-breakpoint
-- Like sales_rollups_orders_sql: the statement adding the rows of `src` (with a
-- "sign" column) to `target`, keyed by the business day, dekad and month of `at_column` at the row's
-- location and at location 0, with `key_column` as a further key when given.
CREATE FUNCTION rollups_amount_sql(src text, target text, at_column text, amount_column text,
    key_column text, condition text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
INSERT INTO %2$I AS r (location_id, grain, period, %6$s %4$I)
SELECT k.location_id, g.grain,
  rollup_period(g.grain, (s.%3$I AT TIME ZONE l.time_zone)::date),
  %7$s sum(s.sign * s.%4$I)
FROM (%1$s) s JOIN locations l ON l.id = s.location_id
CROSS JOIN (VALUES ('day'), ('dekad'), ('month')) g(grain)
CROSS JOIN LATERAL (VALUES (s.location_id), (0)) k(location_id)
WHERE s.%3$I IS NOT NULL AND (%5$s)
GROUP BY 1, 2, 3 %8$s HAVING sum(s.sign * s.%4$I) <> 0
ORDER BY 1, 2, 3 %8$s
ON CONFLICT (location_id, grain, period %8$s) DO UPDATE SET %4$I = r.%4$I + excluded.%4$I
$q$, src, target, at_column, amount_column, condition,
  CASE WHEN key_column IS NULL THEN '' ELSE format('%I, ', key_column) END,
  CASE WHEN key_column IS NULL THEN '' ELSE format('s.%I, ', key_column) END,
  CASE WHEN key_column IS NULL THEN '' ELSE format(', %I', key_column) END)
$fn$;
--> statement-breakpoint
CREATE FUNCTION stock_sent_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT rollups_amount_sql(src, 'stock_sent_rollups', 'approved_at', 'total', NULL, $c$s.status = 'approved'$c$)
$fn$;
--> statement-breakpoint
CREATE FUNCTION adjustment_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT rollups_amount_sql(src, 'adjustment_rollups', 'occurred_at', 'amount', 'channel', 'TRUE')
$fn$;
--> statement-breakpoint
-- One trigger function for both tables: the rows a statement added (+1) and took away (-1).
CREATE FUNCTION amount_rollups_on_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 AS sign FROM new_rows' END;
BEGIN
  IF TG_TABLE_NAME = 'stock_orders' THEN
    EXECUTE stock_sent_rollups_sql(src);
  ELSE
    EXECUTE adjustment_rollups_sql(src);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER stock_sent_rollups_insert AFTER INSERT ON stock_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER stock_sent_rollups_update AFTER UPDATE ON stock_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER stock_sent_rollups_delete AFTER DELETE ON stock_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER adjustment_rollups_insert AFTER INSERT ON order_adjustments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER adjustment_rollups_update AFTER UPDATE ON order_adjustments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE TRIGGER adjustment_rollups_delete AFTER DELETE ON order_adjustments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
-- The rebuild (backfill, time zone change) now covers these two as well, in all three grains.
CREATE OR REPLACE FUNCTION sales_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM sales_rollups;
  DELETE FROM location_sales_rollups;
  DELETE FROM hourly_sales_rollups;
  DELETE FROM vendor_sales_rollups;
  DELETE FROM meal_sales_rollups;
  DELETE FROM stock_sent_rollups;
  DELETE FROM adjustment_rollups;
  EXECUTE sales_rollups_orders_sql('SELECT *, 1 AS sign FROM orders');
  EXECUTE sales_rollups_lines_sql('SELECT *, 1 AS sign FROM order_lines', 'SELECT *, 1 AS sign FROM orders');
  EXECUTE stock_sent_rollups_sql('SELECT *, 1 AS sign FROM stock_orders');
  EXECUTE adjustment_rollups_sql('SELECT *, 1 AS sign FROM order_adjustments');
END
$fn$;
--> statement-breakpoint
SELECT sales_rollups_rebuild();
