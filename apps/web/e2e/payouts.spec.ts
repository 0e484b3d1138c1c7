import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  chooseOption,
  expect,
  expectAccessible,
  loginAs,
  queryCallAnswer,
  staffToken,
  test,
} from './fixtures';
import { scaled } from './machine';

/**
 * The accounts team checks what Uber Eats paid: the super admin imports Uber Eats' Payment Details
 * report (a file with a bad row is refused with its rows listed; the corrected one is stored), opens
 * the operator's Sales Invoice for the fortnight, finds the order Uber Eats paid that our ledger
 * lacks, imports it from the report and sees it matched, and downloads the reconciliation. The demo
 * maps every brand of every location on every platform (ue-<location>-<brand>); Reservoir
 * (location 1) belongs to Northside Kitchens.
 */

const OPERATOR = 'Northside Kitchens Pty Ltd';
const STORE = 'ue-1-1';

/** Uber Eats Manager → Reports → Payment Details: a row describing the columns, then the headings. */
const DESCRIPTION = 'Payment details for all orders in the selected date range';
const HEADING =
  'Store Name,Store ID,Order ID,Workflow ID,Dining Mode,Order Channel,Order Status,Order Date,Order Accept Time,Sales (excl. GST),GST on Sales,Sales (incl. GST),Marketplace Fee,Total payout,Payout Date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "04 Nov 2026" plus `days`, as Uber Eats writes a date: "07/11/2026". */
function uberDate(wireDate: string, days: number): string {
  const [day, month, year] = wireDate.split(' ');
  const date = new Date(Date.UTC(Number(year), MONTHS.indexOf(month ?? ''), Number(day) + days));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** An ended, generated, unapproved fortnight no other journey approves (finance.spec.ts approves the third). */
async function fourthFortnight(page: Page): Promise<{ start: string; end: string }> {
  const token = await staffToken(page.request, 'super_admin');
  const response = await page.request.post('/api/v1/admin-data/', {
    headers: { Authorization: `Token ${token}` },
    data: { query_type: 'sales_invoice_fortnight_period' },
  });
  expect(response.ok(), 'the fortnights are listed').toBe(true);
  const body = (await response.json()) as {
    sales_invoice_fortnight_period: { start_date: string; end_date: string }[];
  };
  const period = body.sales_invoice_fortnight_period[3];
  expect(period, 'a fourth fortnight').toBeDefined();
  return { start: period?.start_date ?? '', end: period?.end_date ?? '' };
}

async function chooseFile(page: Page, rows: string[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'payment-details.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([DESCRIPTION, HEADING, ...rows].join('\r\n')),
  });
}

const adminCall = (page: Page, queryType: string) => queryCallAnswer(page, queryType);

test.describe('super admin', () => {
  test('imports an Uber Eats payout report, then imports the order it paid that the ledger lacks', async ({
    page,
  }) => {
    test.setTimeout(scaled(120_000));
    await loginAs(page, 'super_admin');
    const { start, end } = await fourthFortnight(page);
    const orderId = `UE-PAYOUT-E2E-${Date.now()}`;
    const sold = uberDate(start, 3);
    const paid = uberDate(start, 8);
    const order = (sales: string) =>
      `Kitchaco Reservoir,${STORE},${orderId},wf-${orderId},Delivery,Uber Eats,Completed,${sold},12:30,29.09,2.91,${sales},-9.60,22.40,${paid}`;
    // The payout's own line: about no order, skipped.
    const payoutLine = `Kitchaco Reservoir,${STORE},,,,,,${paid},,,,,,22.40,${paid}`;

    // Marketplaces → Payout reports.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Marketplaces' }).click();
    await page.getByRole('tab', { name: 'Payout reports' }).click();
    await expect(page).toHaveURL(/\/admin-marketplaces\?tab=payouts$/);
    const form = page.getByRole('region', { name: 'Import a payout report' });
    await expect(form).toContainText('Uber Eats Manager → Reports → Payment Details');
    await expect(form).toContainText('DoorDash Merchant Portal → Reports → Financials → Transaction details');
    await chooseOption(page, form.getByRole('combobox', { name: 'Platform' }), 'Uber Eats');
    await expect(form).toContainText('Expected columns of the Payment Details report: Store ID, Order ID');

    // A bad amount: the whole file is refused, its row listed.
    await chooseFile(page, [order('lots')]);
    const refused = adminCall(page, 'marketplace_payout_import');
    await form.getByRole('button', { name: 'Import' }).click();
    expect((await refused).status()).toBe(422);
    await expect(form.getByRole('alert')).toContainText('nothing was imported');
    const errors = page.getByRole('table', { name: 'Row errors' });
    await expect(errors.getByRole('row').nth(1)).toContainText('3Sales (incl. GST)"lots" is not an amount');
    await expectAccessible(page, 'payout report refused');

    // The corrected file is stored: one order, its payout, the payout's own line skipped.
    await chooseFile(page, [order('32.00'), payoutLine]);
    const imported = adminCall(page, 'marketplace_payout_import');
    await form.getByRole('button', { name: 'Import' }).click();
    expect((await imported).ok()).toBe(true);
    const result = page.getByRole('region', { name: 'Uber Eats payout report imported' });
    await expect(result).toContainText('1 new row stored.');
    const figure = (label: string) =>
      result.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
    await expect(figure('Rows')).toHaveText('1');
    await expect(figure('New')).toHaveText('1');
    await expect(figure('Already imported')).toHaveText('0');
    await expect(figure('Skipped rows')).toHaveText('1');
    await expect(figure('Orders')).toHaveText('1');
    await expect(figure('Payout total')).toHaveText('$22.40');
    await expectAccessible(page, 'payout report imported');

    // The operator's invoice for that fortnight: the order is missing from our ledger.
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Sales Invoice' })
      .click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Operator' }), OPERATOR);
    const reconciled = adminCall(page, 'marketplace_payout_reconciliation');
    await chooseOption(page, page.getByRole('combobox', { name: 'Fortnight period' }), `${start} to ${end}`);
    expect((await reconciled).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: `${OPERATOR}: ${start} to ${end}` })).toBeVisible();
    const payouts = page.getByRole('region', { name: 'Marketplace payouts' });
    const summary = payouts.getByRole('table', { name: 'Payouts by location and platform' });
    const reservoir = summary
      .getByRole('row')
      .filter({ hasText: 'Reservoir' })
      .filter({ hasText: 'Uber Eats' });
    await expect(reservoir).toContainText(/\d+ missing from our ledger/);
    const attention = payouts.getByRole('table', { name: 'Orders that need attention' });
    const row = attention.getByRole('row').filter({ hasText: orderId });
    await expect(row).toContainText('Missing from our ledger');
    await expect(row).toContainText('$32.00');
    await expectAccessible(page, 'invoice with marketplace payouts');

    // The reconciliation as CSV, one row per order.
    const downloading = page.waitForEvent('download');
    await payouts.getByRole('button', { name: 'Download CSV of the marketplace payouts' }).click();
    const csv = await downloading;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readFile((await csv.path()) ?? '', 'utf8')).toContain(orderId);

    // Import the missing orders from the report, after the confirm.
    await payouts.getByRole('button', { name: /^Import \d+ missing orders?$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Import the missing orders' });
    await expect(confirm).toContainText('not in our ledger');
    await expectAccessible(page, 'import missing orders confirm');
    const written = adminCall(page, 'marketplace_payout_import_missing');
    const reread = adminCall(page, 'marketplace_payout_reconciliation');
    await confirm.getByRole('button', { name: /^Yes, import / }).click();
    const answer = (await (await written).json()) as { imported: number };
    expect(answer.imported).toBeGreaterThanOrEqual(1);
    expect((await reread).ok()).toBe(true);
    await expect(confirm).toBeHidden();
    await expect(page.getByText(/^\d+ missing orders? imported to the ledger, \$[\d,.]+\./)).toBeVisible();

    // Now in the ledger and paid as it has it: matched, so no longer among the orders needing attention.
    await expect(attention.getByRole('row').filter({ hasText: orderId })).toHaveCount(0);
    await payouts.getByText(/^All orders \(/).click();
    const every = payouts.getByRole('table', { name: 'Every order' });
    const matched = every.getByRole('row').filter({ hasText: orderId });
    await expect(matched).toContainText('Matched');
    await expect(matched).toContainText(/order #\d+/);
    await expectAccessible(page, 'invoice with the missing orders imported');
  });
});
