-- The rollup functions and triggers as the database has them: the one readable source of them.
-- They were written by migrations 0003, 0005, 0006 and 0011; this file holds their current
-- definitions. To change a rollup, edit this file and run `npm run db:rollups -w @kitchaco/server`:
-- it writes a new migration holding this file, which replaces every definition (CREATE OR REPLACE,
-- so applying it again changes nothing). A test fails while this file and the newest rollups
-- migration differ. docs/data-model.md ("Rollups") says what each rollup table sums;
-- docs/decisions/0011-one-ledger-writer-and-rollup-source.md why it is kept this way.
-- Statements are separated by drizzle's statement breakpoint lines (PGlite runs one at a time).

CREATE OR REPLACE FUNCTION public.rollup_period(grain text, day date)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE
AS $function$
SELECT CASE grain
  WHEN 'day' THEN day
  WHEN 'dekad' THEN date_trunc('month', day)::date + least((extract(day FROM day)::int - 1) / 10, 2) * 10
  ELSE date_trunc('month', day)::date END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.rollups_orders_sql(src text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
SELECT format($q$
WITH src AS (%s), keyed AS (
  SELECT k.location_id, g.grain,
    rollup_period(g.grain, o.local_at::date) AS period,
    o.channel, o.imported, o.canceled, o.finished, o.hour, o.sign, o.total, o.platform_fee
  FROM (
    SELECT s.location_id, s.channel, coalesce(s.ingested_via = 'csv', false) AS imported,
      s.status = 'Canceled' AS canceled, s.status = 'Finished' AS finished,
      s.placed_at AT TIME ZONE l.time_zone AS local_at,
      extract(hour FROM s.placed_at AT TIME ZONE l.time_zone)::smallint AS hour,
      s.sign, s.total, s.platform_fee
    FROM src s JOIN locations l ON l.id = s.location_id
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
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.rollups_lines_sql(src text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
SELECT format($q$
WITH src AS (%s), keyed AS (
  SELECT s.location_id, g.grain,
    rollup_period(g.grain, (s.placed_at AT TIME ZONE l.time_zone)::date) AS period,
    coalesce(s.vendor_id, 0) AS vendor_id, coalesce(s.meal_id, 0) AS meal_id,
    CASE WHEN s.meal_id IS NULL THEN s.meal_name ELSE '' END AS meal_name,
    s.sign, s.line_total, s.quantity
  FROM src s JOIN locations l ON l.id = s.location_id
  CROSS JOIN (VALUES ('day'), ('dekad'), ('month')) g(grain)
  WHERE s.status <> 'Canceled'
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
$q$, src)
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.rollups_amount_sql(src text, target text, at_column text, amount_column text, key_column text, condition text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
SELECT format($q$
WITH src AS (%1$s)
INSERT INTO %2$I AS r (location_id, grain, period, %6$s %4$I)
SELECT k.location_id, g.grain,
  rollup_period(g.grain, (s.%3$I AT TIME ZONE l.time_zone)::date),
  %7$s sum(s.sign * s.%4$I)
FROM src s JOIN locations l ON l.id = s.location_id
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
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.adjustment_rollups_sql(src text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
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
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.stock_sent_rollups_sql(src text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
SELECT rollups_amount_sql(src, 'stock_sent_rollups', 'approved_at', 'total', NULL, $c$s.status = 'approved'$c$)
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_rollups_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.adjustment_rollups_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM adjustment_rollups;
  DELETE FROM refund_rollups;
  DELETE FROM adjustments_rollup_pending;
  EXECUTE adjustment_rollups_sql('SELECT location_id, occurred_at, channel, amount, vendor_id, 1 AS sign FROM order_adjustments');
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.rollups_fold()
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  n bigint := 0;
  m bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7042001);
  IF EXISTS (SELECT 1 FROM orders_rollup_pending) THEN
    EXECUTE rollups_orders_sql('DELETE FROM orders_rollup_pending RETURNING *') INTO m;
    n := n + m;
  END IF;
  IF EXISTS (SELECT 1 FROM order_lines_rollup_pending) THEN
    EXECUTE rollups_lines_sql('DELETE FROM order_lines_rollup_pending RETURNING *') INTO m;
    n := n + m;
  END IF;
  IF EXISTS (SELECT 1 FROM stock_orders_rollup_pending) THEN
    EXECUTE stock_sent_rollups_sql('DELETE FROM stock_orders_rollup_pending RETURNING *');
  END IF;
  IF EXISTS (SELECT 1 FROM adjustments_rollup_pending) THEN
    EXECUTE adjustment_rollups_sql('DELETE FROM adjustments_rollup_pending RETURNING *');
  END IF;
  RETURN n;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_rollups_on_orders()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO orders_rollup_pending (location_id, placed_at, channel, ingested_via, status, total, platform_fee, sign)
    SELECT location_id, placed_at, channel, ingested_via, status, total, platform_fee, 1 FROM new_orders;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO orders_rollup_pending (location_id, placed_at, channel, ingested_via, status, total, platform_fee, sign)
    SELECT location_id, placed_at, channel, ingested_via, status, total, platform_fee, -1 FROM old_orders;
  ELSE
    WITH moved AS (
      SELECT o.id, o.location_id, o.placed_at, o.channel, o.ingested_via, o.status, o.total, o.platform_fee, -1 AS sign
      FROM old_orders o JOIN new_orders n ON n.id = o.id
      WHERE (o.location_id, o.placed_at, o.channel, o.ingested_via, o.status = 'Canceled', o.status = 'Finished', o.total, o.platform_fee)
        IS DISTINCT FROM (n.location_id, n.placed_at, n.channel, n.ingested_via, n.status = 'Canceled', n.status = 'Finished', n.total, n.platform_fee)
      UNION ALL
      SELECT n.id, n.location_id, n.placed_at, n.channel, n.ingested_via, n.status, n.total, n.platform_fee, 1
      FROM new_orders n JOIN old_orders o ON o.id = n.id
      WHERE (o.location_id, o.placed_at, o.channel, o.ingested_via, o.status = 'Canceled', o.status = 'Finished', o.total, o.platform_fee)
        IS DISTINCT FROM (n.location_id, n.placed_at, n.channel, n.ingested_via, n.status = 'Canceled', n.status = 'Finished', n.total, n.platform_fee)
    ), for_orders AS (
      INSERT INTO orders_rollup_pending (location_id, placed_at, channel, ingested_via, status, total, platform_fee, sign)
      SELECT location_id, placed_at, channel, ingested_via, status, total, platform_fee, sign FROM moved
    )
    INSERT INTO order_lines_rollup_pending (location_id, placed_at, status, vendor_id, meal_id, meal_name,
      quantity, line_total, sign)
    SELECT m.location_id, m.placed_at, m.status, li.vendor_id, li.meal_id, li.meal_name, li.quantity,
      li.line_total, m.sign
    FROM moved m JOIN order_lines li ON li.order_id = m.id;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_rollups_on_order_lines()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO order_lines_rollup_pending (location_id, placed_at, status, vendor_id, meal_id, meal_name,
      quantity, line_total, sign)
    SELECT o.location_id, o.placed_at, o.status, li.vendor_id, li.meal_id, li.meal_name, li.quantity,
      li.line_total, -1
    FROM old_lines li JOIN orders o ON o.id = li.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_lines_rollup_pending (location_id, placed_at, status, vendor_id, meal_id, meal_name,
      quantity, line_total, sign)
    SELECT o.location_id, o.placed_at, o.status, li.vendor_id, li.meal_id, li.meal_name, li.quantity,
      li.line_total, 1
    FROM new_lines li JOIN orders o ON o.id = li.order_id;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_rollups_before_order_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_lines WHERE order_id = OLD.id;
  RETURN OLD;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.amount_rollups_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sales_rollups_on_time_zone()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_rollups_rebuild();
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_time_zone AFTER UPDATE OF time_zone ON public.locations FOR EACH ROW WHEN ((old.time_zone IS DISTINCT FROM new.time_zone)) EXECUTE FUNCTION sales_rollups_on_time_zone();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER adjustment_rollups_delete AFTER DELETE ON public.order_adjustments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER adjustment_rollups_insert AFTER INSERT ON public.order_adjustments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER adjustment_rollups_update AFTER UPDATE ON public.order_adjustments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_lines_delete AFTER DELETE ON public.order_lines REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_lines_insert AFTER INSERT ON public.order_lines REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_lines_update AFTER UPDATE ON public.order_lines REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_orders_delete AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_orders_delete_lines BEFORE DELETE ON public.orders FOR EACH ROW EXECUTE FUNCTION sales_rollups_before_order_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_orders_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sales_rollups_orders_update AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER stock_sent_rollups_delete AFTER DELETE ON public.stock_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER stock_sent_rollups_insert AFTER INSERT ON public.stock_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER stock_sent_rollups_update AFTER UPDATE ON public.stock_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION amount_rollups_on_change();
