-- A payment's refunds (pending and completed) never exceed what was paid: held by the database.
-- Rows the old "read, then write" cancellation left over-refunded are flagged for a super admin
-- with the figure the ledger had, then brought back to what was paid, before the check is added.
UPDATE "payments" SET
  "flag" = 'Before the refund checks (migration 0021) the ledger counted $' || to_char("refunded_cents" / 100.0, 'FM999999990.00') || ' refunded of $' || to_char("total_cents" / 100.0, 'FM999999990.00') || ' paid: check what the card provider refunded.',
  "flagged_at" = now(), "resolved_at" = NULL, "resolved_by" = NULL, "resolution" = NULL,
  "refunded_cents" = LEAST(GREATEST("refunded_cents", 0), "total_cents")
  WHERE "refunded_cents" > "total_cents" OR "refunded_cents" < 0;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within_total" CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_live_cancellation_idx" ON "refunds" USING btree ("order_id") WHERE cancellation AND status IN ('PENDING', 'COMPLETED');
