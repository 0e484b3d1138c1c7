-- Every server instance keeps catalogue rows and live sessions in memory (apps/server/src/lib/
-- listening-cache.ts) and forgets them when PostgreSQL announces a change. The announcement is
-- made here, by the tables themselves, so no code path (a service, the demo seed, an operator's
-- psql) can change them unannounced. Statement-level: one notification per statement, and
-- PostgreSQL folds repeats within a transaction; it is delivered when the transaction commits.
CREATE OR REPLACE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
DO $do$
DECLARE
  t text;
BEGIN
  -- What customers and staff read on every order: menus, locations, stock lists.
  FOREACH t IN ARRAY ARRAY['locations', 'kitchens', 'vendors', 'vendor_kitchens', 'meal_categories', 'meals',
    'meal_combos', 'meal_subitems', 'feed_posts', 'stock_units', 'stock_list_items']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change(%L)', t || '_announce', t, 'catalog_changed');
  END LOOP;
  -- Who a token belongs to: a session revoked or removed, a staff account changed or disabled.
  -- New sessions need no announcement (an unknown token is never remembered).
  FOREACH t IN ARRAY ARRAY['sessions', 'staff_users', 'customers']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION announce_change(%L)', t || '_announce', t, 'auth_changed');
  END LOOP;
END
$do$;
