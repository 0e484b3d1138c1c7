import { expect, expectAccessible, loginAs, test } from './fixtures';

/**
 * The super admin pairs a card terminal: opens POS Devices from the navigation, reads how pairing
 * works, creates a Square device code for a kiosk without a terminal, reads the six-letter code with
 * the time left, and after OK the list shows the code on the kiosk. The demo gives every location a
 * Square location ID; Reservoir's second kiosk has no terminal.
 */
test.describe('POS devices', () => {
  test('creates a Square device code for a kiosk and sees it in the list', async ({ page }) => {
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

    const reservoir = page.getByRole('table', { name: 'Kiosks at Reservoir' });
    const row = reservoir.getByRole('row').filter({ hasText: 'reservoir-kiosk-2' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Not connected');
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^0\d{9}$/);
    await expectAccessible(page, 'POS devices');

    await row.getByRole('button', { name: 'Create Square Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Square device code' });
    await expect(dialog).toContainText('reservoir-kiosk-2');
    await expectAccessible(page, 'device code confirmation');
    const created = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/v1/admin-data/' &&
        (r.request().postDataJSON() as { query_type?: string }).query_type === 'create_device_code',
    );
    await dialog.getByRole('button', { name: 'Create code' }).click();
    expect((await created).ok()).toBe(true);

    const codeDialog = page.getByRole('dialog', { name: 'Square device code' });
    const output = codeDialog.getByRole('status', { name: 'Device code' });
    await expect(output).toHaveText(/^[A-Z]{6}$/);
    const code = (await output.textContent()) ?? '';
    await expect(codeDialog.getByText('Valid for 5 minutes.')).toBeVisible();
    await expect(codeDialog.getByRole('timer')).toHaveText(/^Expires in [45]:\d\d$/);
    await expectAccessible(page, 'device code');

    const reloaded = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/v1/admin-data/' &&
        (r.request().postDataJSON() as { query_type?: string }).query_type === 'admin_get_all_kiosks',
    );
    await codeDialog.getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await expect(codeDialog).toBeHidden();
    await expect(row.getByRole('cell').nth(1)).toContainText(code);
    await expect(row.getByRole('cell').nth(1)).toContainText('Pair by');
    await expect(row.getByRole('button', { name: 'Create Square Code' })).toBeFocused();
  });
});
