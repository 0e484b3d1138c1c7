-- Issue 38, "one truth for tickets": an order's tickets now follow every change of its status made
-- outside the kitchen (docs/kitchen.md). Tickets left open under orders that were made ready, handed
-- over or finished elsewhere are done; those of canceled orders are canceled.
UPDATE "kitchen_tickets" t SET "status" = 'done', "started_at" = coalesce(t."started_at", o."status_changed_at", t."updated_at"),
  "done_at" = coalesce(o."status_changed_at", t."updated_at"), "updated_at" = coalesce(o."status_changed_at", t."updated_at")
FROM "orders" o
WHERE o."id" = t."order_id" AND t."status" IN ('queued', 'started')
  AND o."status" IN ('Ready for pickup', 'On its way', 'Finished');--> statement-breakpoint
UPDATE "kitchen_tickets" t SET "status" = 'canceled', "updated_at" = coalesce(o."status_changed_at", t."updated_at")
FROM "orders" o
WHERE o."id" = t."order_id" AND t."status" IN ('queued', 'started') AND o."status" = 'Canceled';
