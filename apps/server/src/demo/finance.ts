import { addDays, type IsoDate, zonedInstant } from '@kitchaco/domain';
import { asc, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { externalOperators, fortnightPeriods } from '../db/schema/index.js';
import { currentApproval, listLocations, markPaid } from '../modules/finance/finance.queries.js';
import { approveInvoice } from '../modules/finance/invoice.service.js';
import { recordGeneratedReports } from '../modules/finance/sales-report.service.js';

/**
 * The demo's payout history: every ended fortnight but the latest has its reports generated (the
 * latest is left for the "generate it now?" confirm), and all but the three latest are approved by
 * the demo super admin, with a marketing levy, as an accounts team would have done, and paid (marked
 * with a transfer's reference) but the latest approved.
 */
export async function seedFinanceHistory(
  db: Db,
  options: { today: IsoDate; timeZone: string; approver: { id: number; email: string } },
): Promise<{ generated: number; approved: number }> {
  const ended = await db
    .select()
    .from(fortnightPeriods)
    .where(lt(fortnightPeriods.endDate, options.today))
    .orderBy(asc(fortnightPeriods.startDate));
  const locations = await listLocations(db, {});
  const operators = await db.select({ id: externalOperators.id }).from(externalOperators);
  const toGenerate = ended.slice(0, -1);
  const toApprove = ended.slice(0, -3);
  for (const period of toGenerate) {
    // Generated the morning after the fortnight ended.
    const at = zonedInstant(addDays(period.endDate, 1), options.timeZone, 9, 0);
    await recordGeneratedReports(db, locations, period.startDate, period.endDate, at);
  }
  for (const [i, period] of toApprove.entries()) {
    const at = zonedInstant(addDays(period.endDate, 3), options.timeZone, 10, 30);
    for (const operator of operators) {
      await approveInvoice(db, at, options.approver, {
        external_operator: operator.id,
        start_date: period.startDate,
        end_date: period.endDate,
        misc: [{ label: 'Marketing levy', gross: '110', has_gst: true }],
        less_in_store_cash_sales: true,
        less_in_store_card_sales: false,
      });
      // Paid by transfer the Friday after, all but the latest approved fortnight.
      if (i < toApprove.length - 1) {
        const current = await currentApproval(db, operator.id, period.id);
        if (current) {
          await markPaid(db, current.id, {
            paidAt: zonedInstant(addDays(period.endDate, 5), options.timeZone, 12, 0),
            paidByEmail: options.approver.email,
            paidReference: `EFT-${period.startDate.replace(/-/g, '')}-${operator.id}`,
          });
        }
      }
    }
  }
  return { generated: toGenerate.length, approved: toApprove.length };
}
