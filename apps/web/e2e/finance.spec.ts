import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { chooseOption, expect, expectAccessible, loginAs, queryCallAnswer, test } from './fixtures';
import { scaled } from './machine';

/**
 * The accounts team's fortnight: the super admin opens an operator's invoice for a fortnight the demo
 * has generated but not approved, adds a charge, approves the payout shown, approves again with
 * another charge (an adjustment note of the difference), downloads the PDF, emails the note (in the
 * demo outbox, never a second invoice), marks it paid and carries the payout reconciliation in; the current fortnight cannot be
 * generated yet; the sales report generates the last fortnight on demand; the transactional report
 * needs a platform before it is emailed. Signed out, each screen sends the visitor to /admin.
 */

const OPERATOR = 'Northside Kitchens Pty Ltd';
const OPERATOR_EMAIL = 'accounts@northsidekitchens.demo.test';

const salesCall = (page: Page, queryType: string) =>
  queryCallAnswer(page, queryType, '/api/v1/sales-report/');

/** "$1,234.50" or "-$12.00" as cents. */
function cents(text: string | null): number {
  const match = /^(-)?\$([\d,]+)\.(\d\d)$/.exec((text ?? '').trim());
  expect(match, `an amount: ${text}`).not.toBeNull();
  const value = Number(match?.[2]?.replace(/,/g, '')) * 100 + Number(match?.[3]);
  return match?.[1] ? -value : value;
}

/** Cents as the screens show them: "$1,234.50". */
function formatCents(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const dollars = Math.floor(abs / 100).toLocaleString('en-AU');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

const payoutCell = (page: Page) =>
  page
    .getByRole('table', { name: 'Payout' })
    .getByRole('row', { name: /^Payout \(inc GST\)/ })
    .getByRole('cell');

test.describe('super admin', () => {
  test("approves an operator's fortnight invoice with a charge, downloads the PDF and emails it", async ({
    page,
  }) => {
    test.setTimeout(scaled(150_000));
    await loginAs(page, 'super_admin');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Sales Invoice' })
      .click();
    await expect(page).toHaveURL(/\/admin-sales-invoice$/);
    await expect(page.getByText('Please select a fortnight period above to show reports')).toBeVisible();
    await expectAccessible(page, 'sales invoice, no period');

    await chooseOption(page, page.getByRole('combobox', { name: 'Operator' }), OPERATOR);
    const period = page.getByRole('combobox', { name: 'Fortnight period' });

    // Newest first: the current fortnight has not ended, so it cannot be generated yet.
    await period.click();
    await page.getByRole('option').nth(0).click();
    const confirm = page.getByRole('dialog', { name: 'Generate the report' });
    await expect(
      confirm.getByText(/^Report for this period is not available\. Do you want to generate it now\?/),
    ).toBeVisible();
    await expectAccessible(page, 'generate confirm');
    // One message: the question, without "come back later" behind it.
    const comeBackLater = page.getByText(/^Report for this location and period hasn't been generated yet\./);
    await expect(comeBackLater).toHaveCount(0);
    const refused = salesCall(page, 'generate_sales_report');
    await confirm.getByRole('button', { name: 'Yes, generate it' }).click();
    expect((await refused).status()).toBe(409);
    await expect(confirm.getByRole('alert')).toContainText('This fortnight ends on');
    await confirm.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(period).toHaveValue('');
    await expect(comeBackLater).toBeVisible();

    // No, too: the spec's message and the period back to none.
    await period.click();
    await page.getByRole('option').nth(0).click();
    await expect(confirm).toBeVisible();
    await expect(comeBackLater).toHaveCount(0);
    await confirm.getByRole('button', { name: 'No', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(period).toHaveValue('');
    await expect(comeBackLater).toHaveCount(1);

    // The third is generated but not approved (the demo leaves the three latest ended unapproved).
    await period.click();
    const loaded = salesCall(page, 'get_sales_report');
    await page.getByRole('option').nth(2).click();
    const sent = (await loaded).request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      external_operator: expect.any(Number),
      sales_invoice_fortnight_period: expect.any(Number),
    });
    const { start_date: start, end_date: end } = sent as { start_date: string; end_date: string };
    await expect(page.getByRole('heading', { name: `${OPERATOR}: ${start} to ${end}` })).toBeVisible();
    await expect(page.getByText('Not approved', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Sales by location' }).getByRole('row').nth(1),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Commissions' }).getByRole('row')).toHaveCount(10);
    const before = cents(await payoutCell(page).textContent());

    // A marketing charge with GST: 110.00 is 10.00 GST and 100.00 net, and comes off the payout.
    await page.getByRole('textbox', { name: 'Charge 1 label' }).fill('Marketing');
    await page.getByRole('textbox', { name: 'Charge 1 gross amount' }).fill('110');
    await page.getByRole('checkbox', { name: 'Charge 1 includes GST' }).check();
    const charge = page.getByRole('table', { name: 'Miscellaneous charges' }).getByRole('row').nth(1);
    await expect(charge.getByRole('cell').nth(3)).toHaveText('$10.00');
    await expect(charge.getByRole('cell').nth(4)).toHaveText('$100.00');
    await expect(payoutCell(page)).toHaveText(/\$/);
    const after = cents(await payoutCell(page).textContent());
    expect(before - after).toBe(11_000);
    await expectAccessible(page, 'invoice before approval');

    // A payout that is not the server's (figures moved since loading) is refused with its message.
    const stale = async (route: Route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, total_payout_inc_gst: after / 100 + 1 }) });
    };
    await page.route('**/api/v1/sales-report/', stale);
    const refusedApproval = salesCall(page, 'update_and_approve_sales_report');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    expect((await refusedApproval).status()).toBe(409);
    await expect(page.getByRole('alert').filter({ hasText: 'The figures have changed' })).toBeVisible();
    await page.unroute('**/api/v1/sales-report/', stale);
    await expect(page.getByRole('textbox', { name: 'Charge 1 label' })).toHaveValue('Marketing');

    const approved = salesCall(page, 'update_and_approve_sales_report');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approval = (await approved).request().postDataJSON() as Record<string, unknown>;
    expect((await approved).status()).toBe(200);
    expect(approval).toMatchObject({
      start_date: start,
      end_date: end,
      // Amounts travel as exact decimal text, never through floats.
      misc: [{ label: 'Marketing', gross: '110', has_gst: true }],
      less_in_store_cash_sales: true,
      less_in_store_card_sales: false,
      total_payout_inc_gst: after / 100,
    });
    await expect(page.getByText('Approved Successfully')).toBeVisible();
    await expect(page.getByText(/^Already Approved on \d\d \w{3} \d{4} by admin@demo\.test$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update and Approve Again' })).toBeVisible();
    // The status badge (the first "Approved"; the table of approved and live figures has a column so named).
    await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
    // The approved snapshot keeps the charge and the payout.
    await expect(page.getByRole('textbox', { name: 'Charge 1 label' })).toHaveValue('Marketing');
    await expect(payoutCell(page)).toHaveText(/\$/);
    expect(cents(await payoutCell(page).textContent())).toBe(after);

    // Orders change after the approval (a late Uber Eats order of $100.00, here in the answer): the
    // approval is shown as saved with the live figures beside it, every difference highlighted, and
    // the payout to approve again is the live one.
    const lateOrder = async (route: Route) => {
      const sentBody = route.request().postDataJSON() as { query_type?: string };
      if (sentBody.query_type !== 'get_sales_report') return route.continue();
      const response = await route.fetch();
      const json = (await response.json()) as {
        live?: {
          sales_data: { uber_total_sales: number }[];
          invoice: { sales: { uber_eats: number }; revenue: { gross: number } };
        };
        live_differs?: boolean;
      };
      const first = json.live?.sales_data[0];
      if (json.live && first) {
        first.uber_total_sales = Math.round(first.uber_total_sales * 100 + 10_000) / 100;
        json.live.invoice.sales.uber_eats =
          Math.round(json.live.invoice.sales.uber_eats * 100 + 10_000) / 100;
        json.live.invoice.revenue.gross = Math.round(json.live.invoice.revenue.gross * 100 + 10_000) / 100;
        json.live_differs = true;
      }
      return route.fulfill({ response, json });
    };
    await page.route('**/api/v1/sales-report/', lateOrder);
    await page.reload();
    const salesTable = page.getByRole('table', { name: 'Sales by location' });
    await expect(salesTable.getByText(/^live \$/).first()).toBeVisible();
    await expect(page.getByText('The figures have changed since the approval')).toBeVisible();
    const compared = page.getByRole('table', { name: 'Approved and live figures' });
    await expect(compared.getByRole('row').filter({ hasText: 'Uber Eats' }).first()).toContainText('Changed');
    await expect(compared.getByRole('row').filter({ hasText: 'Total revenue' })).toContainText('Changed');
    await expect(page.getByText(/^Already Approved on /)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Charge 1 label' })).toHaveValue('Marketing');
    await expect(payoutCell(page)).not.toHaveText(formatCents(after));
    const livePayout = cents(await payoutCell(page).textContent());
    expect(livePayout).toBeGreaterThan(after);
    await expectAccessible(page, 'approved invoice beside live figures');

    // The late order is gone again before the click (a race): the live payout shown is refused with
    // the server's payout, and the screen reloads to show it.
    await page.unroute('**/api/v1/sales-report/', lateOrder);
    const raced = salesCall(page, 'update_and_approve_sales_report');
    await page.getByRole('button', { name: 'Update and Approve Again' }).click();
    expect((await raced).request().postDataJSON()).toMatchObject({ total_payout_inc_gst: livePayout / 100 });
    expect((await raced).status()).toBe(409);
    await expect(page.getByRole('alert').filter({ hasText: 'The figures have changed' })).toContainText(
      formatCents(after),
    );
    await expect(payoutCell(page)).toHaveText(formatCents(after));

    // Approving the same figures again changes nothing: no new version, no second document.
    const same = salesCall(page, 'update_and_approve_sales_report');
    await page.getByRole('button', { name: 'Update and Approve Again' }).click();
    expect((await same).status()).toBe(200);
    expect(await (await same).json()).toMatchObject({ changed: false });
    await expect(page.getByText(/^Already approved as KC-\d{4}-\d{8} with these figures/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Earlier approvals' })).toHaveCount(0);

    // A charge of 120.00 instead of 110.00: approving again is an adjustment note of the difference.
    await page.getByRole('textbox', { name: 'Charge 1 gross amount' }).fill('120');
    await expect(payoutCell(page)).toHaveText(formatCents(after - 1_000));
    const reapproved = salesCall(page, 'update_and_approve_sales_report');
    await page.getByRole('button', { name: 'Update and Approve Again' }).click();
    expect((await reapproved).status()).toBe(200);
    expect((await reapproved).request().postDataJSON()).toMatchObject({
      total_payout_inc_gst: (after - 1_000) / 100,
    });
    const { invoice_number: note } = (await (await reapproved).json()) as { invoice_number: string };
    expect(note).toMatch(/^KC-\d{4}-\d{8}-A1$/);
    const original = note.replace(/-A1$/, '');
    await expect(page.getByText(`Adjustment note ${note}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Adjustment of ${original}: -$10.00`, { exact: true })).toBeVisible();
    const earlier = page.getByRole('table', { name: 'Earlier approvals' });
    const superseded = earlier.getByRole('row').filter({ hasText: 'Superseded' }).first();
    await expect(superseded).toContainText(original);
    await expect(superseded).toContainText(formatCents(after));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await downloading;
    const stamp = start.replace(/ /g, '-');
    expect(pdf.suggestedFilename()).toBe(`invoice-${stamp}.pdf`);
    const bytes = await readFile((await pdf.path()) ?? '');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const emailed = salesCall(page, 'email_sales_report');
    await page.getByRole('button', { name: 'Email adjustment note' }).click();
    expect((await emailed).status()).toBe(200);
    await expect(page.getByText('Email has been sent to your registered email address.')).toBeVisible();
    await expectAccessible(page, 'approved invoice');

    // Paid, with the transfer's reference.
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const paying = page.getByRole('dialog', { name: `Mark ${note} paid` });
    await paying.getByRole('textbox', { name: 'Payment reference' }).fill('EFT-20261201');
    await expectAccessible(page, 'mark paid');
    const paid = salesCall(page, 'mark_invoice_paid');
    await paying.getByRole('button', { name: 'Mark paid' }).click();
    expect((await paid).status()).toBe(200);
    await expect(
      page.getByText(/^Paid on \d\d \w{3} \d{4} by admin@demo\.test, reference EFT-20261201\.$/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

    // The payout reconciliation's refunds and adjustments carried into the next open invoice, once.
    const carried = salesCall(page, 'carry_payout_reconciliation');
    await page.getByRole('button', { name: 'Carry into invoice' }).click();
    expect((await carried).status()).toBe(200);
    const again = salesCall(page, 'carry_payout_reconciliation');
    await page.getByRole('button', { name: 'Carry into invoice' }).click();
    expect(await (await again).json()).toMatchObject({ added: 0 });
    await expect(page.getByText(/^Nothing to carry: every refund and adjustment/)).toBeVisible();

    // The demo outbox holds the adjustment note to the operator, never a second invoice.
    await page.goto('/dev/outbox');
    const table = page.getByRole('table', { name: 'Outbox messages, newest first' });
    const row = table
      .getByRole('row')
      .filter({ hasText: `Adjustment of ${original}: -$10.00` })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(OPERATOR_EMAIL);
    const attachments = row.getByRole('list', { name: /^Attachments of message/ });
    await expect(attachments).toContainText(`adjustment-note-${note}-${stamp}.pdf`);
    await expect(attachments).toContainText(`adjustment-note-${note}-${stamp}.csv`);
    await expect(
      table.getByRole('row').filter({ hasText: `Kitchaco payout invoice ${start} - ${end}` }),
    ).toHaveCount(0);
  });

  test('generates the last fortnight of the sales report on demand', async ({ page }) => {
    await loginAs(page, 'super_admin');
    await page.goto('/admin-sales-report');
    const filters = page.getByRole('form', { name: 'Sales report filters' });
    await expect(filters.getByRole('textbox', { name: 'End date' })).toHaveValue(/^\d\d\/\d\d\/\d{4}$/);
    await expectAccessible(page, 'sales report filters');

    // The demo leaves the last ended fortnight ungenerated: the screen opens on it.
    const asked = salesCall(page, 'get_sales_report');
    await filters.getByRole('button', { name: 'Show report' }).click();
    expect((await asked).status()).toBe(404);
    const confirm = page.getByRole('dialog', { name: 'Generate the report' });
    await expect(confirm).toContainText(
      'Report for this period is not available. Do you want to generate it now? This will generate the report and send transactional summary to the registered email id.',
    );
    const generated = salesCall(page, 'generate_sales_report');
    await confirm.getByRole('button', { name: 'Yes, generate it' }).click();
    expect((await generated).status()).toBe(200);
    const table = page.getByRole('table', { name: 'Sales by location' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByText('Generated', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'sales report');
  });

  test('the transactional report needs a platform, then emails after the confirm', async ({ page }) => {
    await loginAs(page, 'super_admin');
    await page
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Transactional Report' })
      .click();
    await expect(page).toHaveURL(/\/admin-txn-report$/);
    const form = page.getByRole('form', { name: 'Transactional report' });
    await form.getByRole('button', { name: 'Generate' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Error! Please select atleast one platform (Deliveroo or Uber Eats)',
    );
    await expectAccessible(page, 'transactional report without a platform');

    await form.getByRole('checkbox', { name: 'Deliveroo' }).check();
    await form.getByRole('button', { name: 'Generate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Email the transactional report' });
    await expect(
      confirm.getByText(
        'Are you sure? This will generate the txn report and email it to registered email id',
      ),
    ).toBeVisible();
    const sent = salesCall(page, 'get_transactional_report');
    await confirm.getByRole('button', { name: 'Yes, email it' }).click();
    expect((await sent).request().postDataJSON()).toMatchObject({
      deliveroo: true,
      uber_eats: false,
      email_report: true,
    });
    await expect(
      page.getByRole('status').filter({ hasText: 'An email has been sent to the registered email id' }),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Download CSV' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^transactions-\d\d-\w{3}-\d{4}\.csv$/);
  });
});

test.describe('signed out', () => {
  for (const screen of ['/admin-sales-invoice', '/admin-sales-report', '/admin-txn-report']) {
    test(`${screen} sends the visitor to /admin`, async ({ page }) => {
      await page.goto(screen);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });
  }
});
