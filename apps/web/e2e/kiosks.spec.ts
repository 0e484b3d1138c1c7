import type { Page, Response } from '@playwright/test';
import { expect, expectAccessible, loginAs, sendSquareWebhook, test } from './fixtures';

/**
 * The super admin pairs a card terminal: opens POS Devices from the navigation, reads how pairing
 * works and each kiosk's terminal status, creates a Square device code for a kiosk without a
 * terminal, reads the six-letter code with the time left, and after OK the kiosk shows the code as
 * waiting; the list then reads itself every 5 s, so the kiosk shows Paired once the terminal signs
 * in. The demo gives every location a Square location ID; Reservoir's first kiosk has a paired
 * terminal, its second none.
 */

const isAdminCall = (queryType: string) => (r: Response) =>
  new URL(r.url()).pathname === '/api/v1/admin-data/' &&
  (r.request().postDataJSON() as { query_type?: string }).query_type === queryType;

/** The row of a kiosk at Reservoir; cells: phone, card terminal, device code, serial number. */
const kioskRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Kiosks at Reservoir' }).getByRole('row').filter({ hasText: name });

test.describe('POS devices', () => {
  test('creates a Square device code for a kiosk, sees it waiting, then paired by itself', async ({
    page,
  }) => {
    await loginAs(page, 'super_admin');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'POS Devices' }).click();
    await expect(page).toHaveURL(/\/admin-kiosks$/);
    await expect(page.getByRole('heading', { name: 'POS Devices', level: 2 })).toBeVisible();

    // The FAQs open by keyboard.
    const howTo = page.getByRole('button', { name: 'How do I pair a card terminal with a kiosk?' });
    await howTo.focus();
    await page.keyboard.press('Enter');
    await expect(howTo).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Type the six-letter code on the terminal within 5 minutes.')).toBeVisible();

    // Terminal statuses: one paired (its serial number beside it), one not connected.
    const paired = kioskRow(page, 'reservoir-kiosk-1');
    await expect(paired.getByRole('cell').nth(1)).toContainText('Paired');
    await expect(paired.getByRole('cell').nth(3)).toHaveText(/^121CS\w+$/);
    const row = kioskRow(page, 'reservoir-kiosk-2');
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^0\d{9}$/);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Not connected');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Not connected');
    await expectAccessible(page, 'POS devices');

    await row.getByRole('button', { name: 'Create Square Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Square device code' });
    await expect(dialog).toContainText('reservoir-kiosk-2');
    await expectAccessible(page, 'device code confirmation');
    const created = page.waitForResponse(isAdminCall('create_device_code'));
    await dialog.getByRole('button', { name: 'Create code' }).click();
    expect((await created).ok()).toBe(true);

    const codeDialog = page.getByRole('dialog', { name: 'Square device code' });
    const output = codeDialog.getByRole('status', { name: 'Device code' });
    await expect(output).toHaveText(/^[A-Z]{6}$/);
    const code = (await output.textContent()) ?? '';
    await expect(codeDialog.getByText('Valid for 5 minutes.')).toBeVisible();
    await expect(codeDialog.getByRole('timer')).toHaveText(/^Expires in [45]:\d\d$/);
    await expect(codeDialog.getByText('Waiting for the code to be entered on the terminal…')).toBeVisible();
    await expectAccessible(page, 'device code');

    const reloaded = page.waitForResponse(isAdminCall('admin_get_all_kiosks'));
    await codeDialog.getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await expect(codeDialog).toBeHidden();
    await expect(row.getByRole('cell').nth(1)).toContainText('Waiting for the code to be entered');
    await expect(row.getByRole('cell').nth(1)).toContainText(/Expires \d{1,2}:\d\d [ap]m/);
    await expect(row.getByRole('cell').nth(2)).toContainText(code);
    await expect(row.getByRole('cell').nth(2)).toContainText('Pair by');
    await expect(row.getByRole('button', { name: 'Create Square Code' })).toBeFocused();
    await expectAccessible(page, 'POS devices with a code waiting');

    // While the code waits, the list reads itself every 5 s. The terminal signs in with the code:
    // Square says so with its device.code.paired webhook (the journey sends it, signed as Square
    // does), and the kiosk shows Paired without anything clicked.
    const polls: number[] = [];
    page.on('response', (r) => {
      if (isAdminCall('admin_get_all_kiosks')(r)) polls.push(Date.now());
    });
    const codeId = (
      JSON.parse(((await (await created).json()) as { data: string }).data) as {
        device_code: { id: string };
      }
    ).device_code.id;
    await expect.poll(() => polls.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
    await sendSquareWebhook(page.request, 'device.code.paired', {
      device_code: {
        id: codeId,
        code,
        status: 'PAIRED',
        device_id: '121CS0000TEST01',
        paired_at: new Date().toISOString(),
      },
    });
    await expect(row.getByRole('cell').nth(1)).toContainText('Paired', { timeout: 8_000 });
    await expect(row.getByRole('cell').nth(1)).toContainText('Since ');
    await expect(row.getByRole('cell').nth(3)).toHaveText('121CS0000TEST01');
    await expect(
      page.getByText('The terminal of reservoir-kiosk-2 is paired and takes card payments.'),
    ).toBeVisible();
    await expectAccessible(page, 'POS devices, terminal paired');

    // Once no code waits, the list stops reading itself.
    const seen = polls.length;
    await page.waitForTimeout(6_000);
    expect(polls).toHaveLength(seen);
  });

  test("shows the card provider's reason when it refuses a device code", async ({ page }) => {
    // Square refuses a code for a location it does not know; the demo's local provider never
    // refuses, so the journey stands in for the server's answer (its wire shape, 422 with Square's
    // reason) to see that the admin reads it as is.
    const reason =
      'The card provider refused the device code: NOT_FOUND: Location `L3T1P4TUFPQ66` not found.';
    await page.route('**/api/v1/admin-data/', async (route) => {
      const sent = route.request().postDataJSON() as { query_type?: string };
      if (sent.query_type !== 'create_device_code') return route.fallback();
      await route.fulfill({ status: 422, json: { success: false, error: reason, code: 'unprocessable' } });
    });
    await loginAs(page, 'super_admin');
    await page.goto('/admin-kiosks');
    await kioskRow(page, 'reservoir-kiosk-2').getByRole('button', { name: 'Create Square Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Square device code' });
    await dialog.getByRole('button', { name: 'Create code' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('No code was created');
    await expect(alert).toContainText(reason);
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAccessible(page, 'device code refused');
  });
});
