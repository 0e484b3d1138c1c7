import { describe, expect, it } from 'vitest';
import { toMills } from '../money/money.js';
import { readPayoutReport } from './payout-import.js';
import {
  UBER_PAYMENT_DETAILS_HELP_PAGE_HEADINGS_FILE as HELP_PAGE_HEADINGS,
  UBER_PAYMENT_DETAILS_REPORT_HEADINGS_FILE as REPORT_HEADINGS,
} from './uber-payment-details-samples.js';

/**
 * Uber Eats' Payment Details report as its column definitions describe it (help.uber.com "Profit
 * Summary Details", cited in payout-formats.ts): a description row, then the headings; a refund is
 * a further row of the same order with a negative payment.
 */
const UBER_HEADING =
  'Store Name,Store ID,Order ID,Workflow ID,Dining Mode,Order Channel,Order Status,Order Date,Order Accept Time,Sales (excl. GST),GST on Sales,Sales (incl. GST),Marketplace Fee,Total payout,Payout Date,Payout reference ID';
const uberFile = (...rows: string[]) =>
  ['"Payment details report, 05/10/2026 - 18/10/2026",,,,,,,,,,,,,,,', UBER_HEADING, ...rows].join('\r\n');

/**
 * DoorDash's Transaction details (TRANSACTION_DETAIL) report, with the columns its Reporting API
 * reference lists (developer.doordash.com, cited in payout-formats.ts): a delivery, an error charge
 * on it, and the payout's own row, which is about no order.
 */
const DOORDASH_HEADING =
  'business_id,store_id,timestamp_local_date,timestamp_local_time,payout_date,store_name,merchant_store_id,transaction_type,transaction_id,doordash_order_id,merchant_delivery_id,final_order_status,currency,subtotal,tax_subtotal,commission,marketing_fee,tips,net_total,payout_id';

describe('reading an Uber Eats Payment Details report', () => {
  const file = uberFile(
    'Burger Barn,ue-1-1,UE-A,wf-1,Delivery,Uber Eats,Completed,06/10/2026,12:30,33.64,3.36,37.00,11.10,25.90,14/10/2026,PR-1',
    'Burger Barn,ue-1-1,UE-B,wf-2,Delivery,Uber Eats,Refund,08/10/2026,,-4.55,-0.45,-5.00,0,-5.00,14/10/2026,PR-1',
    'Burger Barn,ue-1-1,UE-C,wf-3,Delivery,Uber Eats,Canceled,09/10/2026,,0,0,0,0,0,,',
    'Burger Barn,ue-1-1,UE-D,wf-4,Delivery,Uber Eats,Completed,10/10/2026,09:15,"1,122.27",112.23,"$1,234.50",370.35,864.15,21/10/2026,PR-2',
  );

  it('reads each row of an order, signed, in mills, with its kind and payout date', () => {
    const read = readPayoutReport('uber_eats', file);
    expect(read.errors).toEqual([]);
    expect(read.skipped).toBe(0);
    expect(
      read.rows.map((r) => [r.orderId, r.kind, r.orderDate, r.sales, r.fee, r.payout, r.payoutDate]),
    ).toEqual([
      ['UE-A', 'sale', '2026-10-06', toMills('37.00'), toMills('11.10'), toMills('25.90'), '2026-10-14'],
      ['UE-B', 'refund', '2026-10-08', toMills('-5.00'), 0, toMills('-5.00'), '2026-10-14'],
      ['UE-C', 'canceled', '2026-10-09', 0, 0, 0, null],
      ['UE-D', 'sale', '2026-10-10', toMills('1234.50'), toMills('370.35'), toMills('864.15'), '2026-10-21'],
    ]);
    expect(read.rows[0]).toMatchObject({ row: 3, storeId: 'ue-1-1', status: 'Completed', payoutRef: 'PR-1' });
  });

  it('gives a row the same key when the report is read again, and two identical rows two keys', () => {
    const again = readPayoutReport('uber_eats', file).rows.map((r) => r.key);
    expect(readPayoutReport('uber_eats', file).rows.map((r) => r.key)).toEqual(again);
    const row =
      'Burger Barn,ue-1-1,UE-A,wf-1,Delivery,Uber Eats,Completed,06/10/2026,12:30,33.64,3.36,37.00,11.10,25.90,14/10/2026,PR-1';
    const twice = readPayoutReport('uber_eats', uberFile(row, row)).rows;
    expect(new Set(twice.map((r) => r.key)).size).toBe(2);
  });

  it("accepts the help page's wording of the payment columns", () => {
    const text = file.replace('Total payout', 'Payment').replace('Payout Date', 'Payment date');
    const read = readPayoutReport('uber_eats', text);
    expect(read.errors).toEqual([]);
    expect(read.rows[0]!.payoutDate).toBe('2026-10-14');
  });

  it('names each bad cell by row and column, and keeps the good rows', () => {
    const read = readPayoutReport(
      'uber_eats',
      uberFile(
        'Burger Barn,ue-1-1,UE-A,wf-1,Delivery,Uber Eats,Completed,31/02/2026,12:30,33.64,3.36,37.00,11.10,25.90,,',
        'Burger Barn,ue-1-1,UE-B,wf-2,Delivery,Uber Eats,Lost,08/10/2026,,0,0,5.00,0,abc,,',
        'Burger Barn,,UE-C,wf-3,Delivery,Uber Eats,Completed,09/10/2026,,0,0,5.00,0,5.00,,',
        'Burger Barn,ue-1-1,UE-D,wf-4,Delivery,Uber Eats,Completed,10/10/2026,,0,0,5.00,0,5.00,,',
      ),
    );
    expect(read.errors).toEqual([
      { row: 3, field: 'Order Date', message: '"31/02/2026" is not a date like DD/MM/YYYY' },
      {
        row: 4,
        field: 'Order Status',
        message: '"Lost" is not one of: completed, refund, canceled, cancelled, failed',
      },
      { row: 4, field: 'Total payout', message: '"abc" is not an amount like 12.50 or -12.50' },
      { row: 5, field: 'Store ID', message: 'is required' },
    ]);
    expect(read.rows.map((r) => r.orderId)).toEqual(['UE-D']);
  });

  it('says which report it expected when a column is missing', () => {
    const read = readPayoutReport('uber_eats', file.replace('Total payout', 'Net'));
    expect(read.errors).toEqual([
      {
        row: 2,
        field: 'Total payout',
        message:
          'the column "Total payout" (or "Payment") is missing: is this the Uber Eats Payment Details report?',
      },
    ]);
  });
});

/**
 * One report under each of its two heading sets (uber-payment-details-samples.ts): the downloaded report's (Order Accept
 * Time, Sales (incl. GST), Marketplace Fee, Total payout, Payout Date) and the one Uber's help page
 * lists (Order Acceptance Time, Food sales (VAT included), Uber Total Service Fee, Payment, Payment
 * date), with every other column that page names.
 */
describe('both heading sets of the Uber Eats Payment Details report', () => {
  const figures = (text: string) => {
    const read = readPayoutReport('uber_eats', text);
    expect(read.errors).toEqual([]);
    return read.rows.map((r) => [r.orderId, r.kind, r.orderDate, r.sales, r.fee, r.payout, r.payoutDate]);
  };

  it('reads each to the same rows', () => {
    expect(figures(HELP_PAGE_HEADINGS)).toEqual(figures(REPORT_HEADINGS));
    expect(figures(HELP_PAGE_HEADINGS)).toEqual([
      ['UE-A', 'sale', '2026-10-06', toMills('37.00'), toMills('11.10'), toMills('25.90'), '2026-10-14'],
      ['UE-A', 'refund', '2026-10-08', toMills('-5.00'), toMills('-1.50'), toMills('-3.50'), '2026-10-14'],
      ['UE-C', 'canceled', '2026-10-09', 0, 0, 0, null],
      ['UE-D', 'sale', '2026-10-10', toMills('1234.50'), toMills('370.35'), toMills('864.15'), '2026-10-21'],
    ]);
  });

  it('refuses a file with neither heading of the fee, naming both', () => {
    const text = HELP_PAGE_HEADINGS.replace('Uber Total Service Fee', 'Fees');
    expect(readPayoutReport('uber_eats', text).errors).toEqual([
      {
        row: 2,
        field: 'Marketplace Fee',
        message:
          'the column "Marketplace Fee" (or "Uber Total Service Fee") is missing: is this the Uber Eats Payment Details report?',
      },
    ]);
  });
});

describe('reading a DoorDash Transaction details report', () => {
  const file = [
    DOORDASH_HEADING,
    '185,24725,2026-10-06,12:00:00,2026-10-15,Burger Barn,dd-1,DELIVERY,t-1,fae261ba,m-1,Delivered,AUD,30.00,3.00,-9.00,0,0,24.00,p-1',
    '185,24725,2026-10-07,10:00:00,2026-10-15,Burger Barn,dd-1,ERROR_CHARGE,t-2,fae261ba,m-1,Delivered,AUD,0,0,0,0,0,-4.50,p-1',
    '185,24725,2026-10-08,09:00:00,2026-10-15,Burger Barn,dd-1,MERCHANT_CREDIT,t-3,b0b0b0b0,m-2,Delivered,AUD,0,0,0,0,0,2.00,p-1',
    '185,24725,2026-10-15,00:00:00,2026-10-15,Burger Barn,dd-1,Payout,t-4,,,,AUD,0,0,0,0,0,21.50,p-1',
  ].join('\n');

  it('reads deliveries as sales, other transactions on an order as adjustments, and skips the payout row', () => {
    const read = readPayoutReport('doordash', file);
    expect(read.errors).toEqual([]);
    expect(read.skipped).toBe(1);
    expect(
      read.rows.map((r) => [r.orderId, r.kind, r.status, r.sales, r.fee, r.payout, r.payoutRef]),
    ).toEqual([
      ['fae261ba', 'sale', 'DELIVERY', toMills('30.00'), toMills('-9.00'), toMills('24.00'), 'p-1'],
      ['fae261ba', 'adjustment', 'ERROR_CHARGE', 0, 0, toMills('-4.50'), 'p-1'],
      ['b0b0b0b0', 'adjustment', 'MERCHANT_CREDIT', 0, 0, toMills('2.00'), 'p-1'],
    ]);
    expect(read.rows[0]).toMatchObject({
      storeId: 'dd-1',
      orderDate: '2026-10-06',
      payoutDate: '2026-10-15',
    });
  });

  it("reads the net column by the Payout Summary report's name too", () => {
    const read = readPayoutReport('doordash', file.replace('net_total', 'net_payout'));
    expect(read.errors).toEqual([]);
    expect(read.rows[0]!.payout).toBe(toMills('24.00'));
  });
});
