CREATE TABLE "hourly_sales_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer NOT NULL,
	"sales" numeric(14, 2) NOT NULL,
	CONSTRAINT "hourly_sales_rollups_location_id_grain_period_hour_pk" PRIMARY KEY("location_id","grain","period","hour")
);
--> statement-breakpoint
CREATE TABLE "location_sales_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"orders" integer NOT NULL,
	"sales" numeric(14, 2) NOT NULL,
	CONSTRAINT "location_sales_rollups_grain_period_location_id_pk" PRIMARY KEY("grain","period","location_id")
);
--> statement-breakpoint
CREATE TABLE "meal_sales_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"meal_id" integer NOT NULL,
	"meal_name" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "meal_sales_rollups_location_id_grain_period_meal_id_meal_name_pk" PRIMARY KEY("location_id","grain","period","meal_id","meal_name")
);
--> statement-breakpoint
CREATE TABLE "sales_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"channel" "sales_channel" NOT NULL,
	"imported" boolean NOT NULL,
	"canceled" boolean NOT NULL,
	"orders" integer NOT NULL,
	"finished" integer NOT NULL,
	"sales" numeric(14, 2) NOT NULL,
	"fees" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_rollups_location_id_grain_period_channel_imported_canceled_pk" PRIMARY KEY("location_id","grain","period","channel","imported","canceled")
);
--> statement-breakpoint
CREATE TABLE "vendor_sales_rollups" (
	"location_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"vendor_id" integer NOT NULL,
	"sales" numeric(14, 2) NOT NULL,
	CONSTRAINT "vendor_sales_rollups_location_id_grain_period_vendor_id_pk" PRIMARY KEY("location_id","grain","period","vendor_id")
);
--> statement-breakpoint
-- The statement that adds the orders of `src` (a query of order rows with a "sign" column: 1 to
-- add, -1 to take away) to the order-level rollups, for the day and the month, for the location
-- and for all locations (location 0). Rows are written in key order, so concurrent writers lock
-- them in the same order; a delta that sums to zero writes nothing.
CREATE FUNCTION sales_rollups_orders_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH keyed AS (
  SELECT k.location_id, g.grain,
    CASE g.grain WHEN 'day' THEN o.local_at::date ELSE date_trunc('month', o.local_at)::date END AS period,
    o.channel, o.imported, o.canceled, o.finished, o.hour, o.sign, o.total, o.platform_fee
  FROM (
    SELECT s.location_id, s.channel, coalesce(s.ingested_via = 'csv', false) AS imported,
      s.status = 'Canceled' AS canceled, s.status = 'Finished' AS finished,
      s.placed_at AT TIME ZONE l.time_zone AS local_at,
      extract(hour FROM s.placed_at AT TIME ZONE l.time_zone)::smallint AS hour,
      s.sign, s.total, s.platform_fee
    FROM (%s) s JOIN locations l ON l.id = s.location_id
  ) o
  CROSS JOIN (VALUES ('day'), ('month')) g(grain)
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
-- The same for order lines: `lines` and `orders` are queries with a "sign" column each (the
-- product is the line's sign). Lines of canceled orders count nowhere.
CREATE FUNCTION sales_rollups_lines_sql(lines text, orders text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH keyed AS (
  SELECT o.location_id, g.grain,
    CASE g.grain WHEN 'day' THEN (o.placed_at AT TIME ZONE l.time_zone)::date
      ELSE date_trunc('month', o.placed_at AT TIME ZONE l.time_zone)::date END AS period,
    coalesce(li.vendor_id, 0) AS vendor_id, coalesce(li.meal_id, 0) AS meal_id,
    CASE WHEN li.meal_id IS NULL THEN li.meal_name ELSE '' END AS meal_name,
    li.sign * o.sign AS sign, li.line_total, li.quantity
  FROM (%s) li JOIN (%s) o ON o.id = li.order_id
  JOIN locations l ON l.id = o.location_id
  CROSS JOIN (VALUES ('day'), ('month')) g(grain)
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
-- Rebuilds every rollup from the ledger: the backfill below, and after a location's time zone
-- changes (its business days move).
CREATE FUNCTION sales_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM sales_rollups;
  DELETE FROM location_sales_rollups;
  DELETE FROM hourly_sales_rollups;
  DELETE FROM vendor_sales_rollups;
  DELETE FROM meal_sales_rollups;
  EXECUTE sales_rollups_orders_sql('SELECT *, 1 AS sign FROM orders');
  EXECUTE sales_rollups_lines_sql('SELECT *, 1 AS sign FROM order_lines', 'SELECT *, 1 AS sign FROM orders');
END
$fn$;
--> statement-breakpoint
-- Transition tables are only visible to statements run by the trigger function itself, so the
-- functions above return SQL and the trigger functions execute it.
CREATE FUNCTION sales_rollups_on_orders() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  moved text := $q$
    SELECT o.*, -1 AS sign FROM old_orders o JOIN new_orders n ON n.id = o.id
     WHERE (o.location_id, o.placed_at, o.channel, o.ingested_via, o.status, o.total, o.platform_fee)
       IS DISTINCT FROM (n.location_id, n.placed_at, n.channel, n.ingested_via, n.status, n.total, n.platform_fee)
    UNION ALL
    SELECT n.*, 1 AS sign FROM new_orders n JOIN old_orders o ON o.id = n.id
     WHERE (o.location_id, o.placed_at, o.channel, o.ingested_via, o.status, o.total, o.platform_fee)
       IS DISTINCT FROM (n.location_id, n.placed_at, n.channel, n.ingested_via, n.status, n.total, n.platform_fee)$q$;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE sales_rollups_orders_sql('SELECT *, 1 AS sign FROM new_orders');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE sales_rollups_orders_sql('SELECT *, -1 AS sign FROM old_orders');
  ELSE
    EXECUTE sales_rollups_orders_sql(moved);
    EXECUTE sales_rollups_lines_sql('SELECT *, 1 AS sign FROM order_lines', moved);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION sales_rollups_on_order_lines() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE sales_rollups_lines_sql('SELECT *, 1 AS sign FROM new_lines', 'SELECT *, 1 AS sign FROM orders');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE sales_rollups_lines_sql('SELECT *, -1 AS sign FROM old_lines', 'SELECT *, 1 AS sign FROM orders');
  ELSE
    EXECUTE sales_rollups_lines_sql(
      'SELECT *, -1 AS sign FROM old_lines UNION ALL SELECT *, 1 AS sign FROM new_lines',
      'SELECT *, 1 AS sign FROM orders');
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A deleted order's lines go first, while the order is still there to say where and when they
-- were sold (the cascade would delete them after it, when the order can no longer be read).
CREATE FUNCTION sales_rollups_before_order_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM order_lines WHERE order_id = OLD.id;
  RETURN OLD;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION sales_rollups_on_time_zone() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM sales_rollups_rebuild();
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER sales_rollups_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_orders();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_orders();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_orders_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_orders();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_orders_delete_lines BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_rollups_before_order_delete();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_lines_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_order_lines();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_lines_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_order_lines();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_lines_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_rollups_on_order_lines();
--> statement-breakpoint
CREATE TRIGGER sales_rollups_time_zone AFTER UPDATE OF time_zone ON locations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION sales_rollups_on_time_zone();
--> statement-breakpoint
SELECT sales_rollups_rebuild();
