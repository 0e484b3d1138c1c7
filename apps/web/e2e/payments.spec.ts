import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, openAdminOrder, placeCardOrder, test } from './fixtures';

/**
 * Card payments in the back office: the super admin refunds part of a paid order from its details
 * and sees the refund there; cancels a paid order, and the card payment goes back (the result says
 * how much); opens Payments, runs reconciliation and reads the last run; closes a flagged payment.
 * The demo runs the local test provider, which behaves like Square's sandbox: a payment is charged
 * and a refund completed at once. The orders are placed through the API as checkout places them.
 */

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const aud = (amount: number) => audFormat.format(amount);
const cents = (amount: number) => Math.round(amount * 100);

const isCall = (path: string, method: string) => (r: { url(): string; request(): { method(): string } }) =>
  new URL(r.url()).pathname === path && r.request().method() === method;

/** A figure of the order's card payment section ("Amount", "Refunded", ...). */
function figure(section: ReturnType<Page['getByRole']>, term: string) {
  return section
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test.describe('super admin', () => {
  test("refunds part of a paid order and sees the refund in the order's card payment", async ({ page }) => {
    const order = await placeCardOrder(page.request);
    const twice = order.lines.find((l) => l.quantity === 2);
    if (!twice) throw new Error('the order has a line of two');
    const item = cents(twice.line_total) / 2 / 100;

    await loginAs(page, 'super_admin');
    const paymentCall = page.waitForResponse(isCall(`/api/v1/payments/orders/${order.id}/`, 'GET'));
    const details = await openAdminOrder(page, order.id);
    expect((await paymentCall).status()).toBe(200);
    const section = details.getByRole('region', { name: 'Card payment' });
    await expect(section.getByText('Paid', { exact: true })).toBeVisible();
    await expect(figure(section, 'Amount')).toHaveText(aud(order.total));
    await expect(figure(section, 'Refunded')).toHaveText('$0.00');
    await expect(figure(section, 'Can still be refunded')).toHaveText(aud(order.total));
    await expect(figure(section, 'Receipt number')).toHaveText(/^\w+$/);
    await expect(section.getByText('No refunds so far.')).toBeVisible();
    await expectAccessible(page, 'order details with its card payment');

    // The form checks the amount and the reason with the server's rules before anything is sent.
    await section.getByRole('button', { name: 'Refund part of this order' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund part of order #${order.id}` });
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await expect(amount).toBeFocused();
    await expect(dialog.getByText(`At most ${aud(order.total)} can still be refunded`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(
      dialog.getByText(`Enter an amount from $0.01 to ${aud(order.total)}, in dollars and cents.`),
    ).toBeVisible();
    await expect(dialog.getByText('Please say why the order is refunded')).toBeVisible();
    await amount.fill(String(order.total + 1));
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(
      dialog.getByText(`At most ${aud(order.total)} can still be refunded on this order.`),
    ).toBeVisible();
    await expectAccessible(page, 'refund form with its errors');

    // One click on an item of the order fills its price in.
    await dialog.getByRole('button', { name: `1 × ${twice.meal_name} · ${aud(item)}` }).click();
    await expect(amount).toHaveValue(aud(item));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(`Missing item: 1 × ${twice.meal_name}`);
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(dialog.getByText(`Refund ${aud(item)} to the customer's card?`)).toBeVisible();
    await expectAccessible(page, 'refund confirmation');
    const refunded = page.waitForResponse(isCall('/api/v1/payments/refunds/', 'POST'));
    await dialog.getByRole('button', { name: `Refund ${aud(item)}` }).click();
    const answer = await refunded;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      order_id: order.id,
      amount: item.toFixed(2),
      reason: `Missing item: 1 × ${twice.meal_name}`,
      // The item's brand: the refund counts against that brand's sales.
      vendor_id: expect.any(Number),
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${aud(item)} was refunded to the customer's card.`)).toBeVisible();

    // The section shows the refund at once, completed, with who asked for it.
    await expect(section.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(figure(section, 'Refunded')).toHaveText(aud(item));
    await expect(figure(section, 'Can still be refunded')).toHaveText(
      aud((cents(order.total) - cents(item)) / 100),
    );
    const refunds = section.getByRole('table', { name: `Refunds of order #${order.id}` });
    const row = refunds.getByRole('row').nth(1);
    await expect(row).toContainText(aud(item));
    await expect(row).toContainText(`Missing item: 1 × ${twice.meal_name}`);
    await expect(row).toContainText('Refunded');
    await expect(row).toContainText('admin@demo.test');
    await expectAccessible(page, 'order details after a refund');
  });

  test('cancels a paid order: the confirmation says the card is refunded, and the result how much', async ({
    page,
  }) => {
    const order = await placeCardOrder(page.request);
    await loginAs(page, 'super_admin');
    const details = await openAdminOrder(page, order.id);
    const section = details.getByRole('region', { name: 'Card payment' });
    await expect(figure(section, 'Amount')).toHaveText(aud(order.total));

    const status = page.getByRole('combobox', { name: `Status of order #${order.id}` });
    await status.click();
    await page.getByRole('option', { name: 'Canceled' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change order status' });
    await expect(
      confirm.getByText(
        `Are you sure you want to change Order #${order.id} to Canceled? This will also send a notification to the customer.`,
      ),
    ).toBeVisible();
    await expect(confirm.getByText('The card payment will be refunded')).toBeVisible();
    await expect(confirm.getByText(`${aud(order.total)} goes back to the customer's card.`)).toBeVisible();
    await expectAccessible(page, 'cancellation of a paid order');

    const changed = page.waitForResponse(
      (r) =>
        isCall('/api/v1/admin-data/', 'POST')(r) &&
        (r.request().postDataJSON() as { query_type?: string }).query_type === 'update_order_status',
    );
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const body = (await (await changed).json()) as {
      result: string;
      refund?: { amount: number; kind: string };
    };
    expect(body.refund).toEqual({ amount: order.total, kind: 'refunded' });
    await expect(
      page.getByText(`Changed Successfully. ${aud(order.total)} was refunded to the customer's card.`),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(status).toHaveValue('Canceled');
    await expect(section.getByText('Refunded in full', { exact: true })).toBeVisible();
    await expect(figure(section, 'Refunded')).toHaveText(aud(order.total));
    await expect(
      section
        .getByRole('table', { name: `Refunds of order #${order.id}` })
        .getByRole('row')
        .nth(1),
    ).toContainText('Order canceled');
    await expect(section.getByRole('button', { name: 'Refund part of this order' })).toHaveCount(0);

    // Its money went back, so the order is not reopened: the server's reason shows in the dialog.
    await status.click();
    await page.getByRole('option', { name: 'Received' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByRole('alert')).toContainText('it cannot be reopened');
    await expectAccessible(page, 'reopening refused');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(confirm).toBeHidden();
    await expect(status).toHaveValue('Canceled');
  });

  test('opens Payments, runs reconciliation now and reads the last run', async ({ page }) => {
    await loginAs(page, 'super_admin');
    const loaded = page.waitForResponse(isCall('/api/v1/payments/reconciliation/', 'GET'));
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/admin-payments$/);
    await expect(page.getByRole('heading', { name: 'Payments', level: 2 })).toBeVisible();
    const first = (await (await loaded).json()) as { flags: unknown[] };
    expect(first.flags).toEqual([]);
    const flags = page.getByRole('region', { name: 'To look at' });
    await expect(flags.getByText('Nothing to look at: every card payment matches its order.')).toBeVisible();
    await expectAccessible(page, 'payments');

    const lastRun = page.getByRole('region', { name: 'Last reconciliation' });
    const ran = page.waitForResponse(isCall('/api/v1/payments/reconciliation/', 'POST'));
    await lastRun.getByRole('button', { name: 'Run now' }).click();
    const answer = await ran;
    expect(answer.status()).toBe(200);
    const { run } = (await answer.json()) as {
      run: { payments_seen: number; matched: number; flagged: number; error: string | null };
    };
    expect(run.error).toBeNull();
    await expect(page.getByText('Reconciliation finished')).toBeVisible();
    await expect(lastRun.getByText('Finished', { exact: true })).toBeVisible();
    await expect(lastRun.getByText(/^\(just now, took /)).toBeVisible();
    await expect(lastRun.getByText(/^Payments made from \d\d \w{3} \d{4} /)).toBeVisible();
    await expect(figure(lastRun, 'Payments seen')).toHaveText(String(run.payments_seen));
    await expect(figure(lastRun, 'Matched')).toHaveText(String(run.matched));
    await expect(figure(lastRun, 'Flagged')).toHaveText(String(run.flagged));
    await expectAccessible(page, 'payments after a run');
  });

  test('marks a flagged payment as handled, saying what was done', async ({ page }) => {
    // The demo's test provider settles every payment at once, so reconciliation never finds anything
    // to flag there: the journey stands in for the server's list of one flagged payment, then checks
    // what the screen sends to close it.
    const flag = {
      payment_id: 41,
      order_id: 1234,
      provider: 'square',
      provider_payment_id: 'R2B3Z8WMVt3EAmzYWLZ15d',
      status: 'CANCELED',
      amount: 32.5,
      refunded: 0,
      flag: 'The order stands but its card payment was canceled: it is not paid.',
      flagged_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      customer: 'Sam Citizen',
      location: 'Reservoir',
    };
    let resolved = false;
    await page.route('**/api/v1/payments/reconciliation/', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, flags: resolved ? [] : [flag] } });
    });
    await page.route('**/api/v1/payments/flags/41/resolve/', async (route) => {
      resolved = true;
      await route.fulfill({ json: { success: true } });
    });

    await loginAs(page, 'super_admin');
    await page.goto('/admin-payments');
    const table = page.getByRole('table', { name: 'Flagged payments' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('#1234');
    await expect(row).toContainText('Sam Citizen');
    await expect(row).toContainText('Reservoir');
    await expect(row).toContainText('$32.50');
    await expect(row).toContainText('Canceled');
    await expect(row).toContainText('its card payment was canceled');
    await expect(row).toContainText('3 hours ago');
    await expectAccessible(page, 'payments with a flag');

    await row.getByRole('button', { name: 'Mark order #1234 as handled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as handled' });
    const what = dialog.getByRole('textbox', { name: 'What was done' });
    await expect(what).toBeFocused();
    await dialog.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(dialog.getByText('Please say what was done')).toBeVisible();
    await expectAccessible(page, 'mark as handled');
    await what.fill('The customer paid cash at pickup.');
    const sent = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/v1/payments/flags/41/resolve/',
    );
    await dialog.getByRole('button', { name: 'Mark as handled' }).click();
    expect((await sent).postDataJSON()).toEqual({ resolution: 'The customer paid cash at pickup.' });
    await expect(page.getByText('Marked as handled: the payment of order #1234.')).toBeVisible();
    await expect(page.getByText('Nothing to look at: every card payment matches its order.')).toBeVisible();
  });
});

test.describe('operator', () => {
  test('sees no card payment and no refund on their orders', async ({ page }) => {
    await loginAs(page, 'operator');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/payments/')) calls.push(r.url());
    });
    await page.goto('/operator-admin-orders');
    const table = page.getByRole('table', { name: 'Customer orders' });
    const details = table.getByRole('button', { name: /^Details of order #\d+$/ }).first();
    await details.click();
    await expect(page.getByRole('table', { name: /^Items of order #\d+$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Card payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refund part of this order' })).toHaveCount(0);
    expect(calls).toEqual([]);
  });
});
