import type { Page } from '@playwright/test';
import { chooseOption, expect, expectAccessible, loginAs, queryCallAnswer, test } from './fixtures';

/**
 * The super admin brings marketplace orders the webhooks missed into the ledger: maps a new store,
 * then imports an Uber Eats export: a file with a bad row is shown row by row and cannot be
 * imported; the corrected file is imported once, and again adds nothing. The demo maps every brand
 * of every location on every platform (ue-<location>-<brand>).
 */

/** Uber Eats' Payment Details report: one row per order (docs/marketplaces.md, CSV exports). */
const HEADING =
  'Store ID,Order ID,Order Date,Order Accept Time,Order Status,Sales (incl. GST),Marketplace Fee';

async function chooseFile(page: Page, name: string, rows: string[]): Promise<void> {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from([HEADING, ...rows].join('\r\n')) });
}

const adminCall = (page: Page, queryType: string) => queryCallAnswer(page, queryType);

test.describe('marketplaces', () => {
  test('maps a store, then imports an Uber Eats export once: errors first, then the corrected file', async ({
    page,
  }) => {
    await loginAs(page, 'super_admin');
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Marketplaces' }).click();
    await expect(page).toHaveURL(/\/admin-marketplaces$/);
    await expect(page.getByRole('heading', { name: 'Marketplaces', level: 2 })).toBeVisible();

    // Store mappings: the demo's stores, and a new one.
    await page.getByRole('tab', { name: 'Store mappings' }).click();
    const stores = page.getByRole('table', { name: 'Store mappings' });
    await expect(stores.getByRole('cell', { name: 'ue-1-1', exact: true })).toBeVisible();
    await expectAccessible(page, 'store mappings');
    await page.getByRole('button', { name: 'Add store' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a store mapping' });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Platform' }), 'Menulog');
    const storeId = `ml-e2e-${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Platform store ID' }).fill(storeId);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kitchaco Reservoir (all brands)');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Location' }), 'Reservoir');
    await expectAccessible(page, 'store mapping form');
    const saved = adminCall(page, 'save_marketplace_store');
    await dialog.getByRole('button', { name: 'Add store' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText(`Menulog store ${storeId} saved`)).toBeVisible();
    const row = stores.getByRole('row').filter({ hasText: storeId });
    await expect(row).toContainText('All brands');

    // Import: a file with a bad row cannot be imported.
    await page.getByRole('tab', { name: 'Import orders' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Platform' }), 'Uber Eats');
    const orderId = `UE-E2E-${Date.now()}`;
    await chooseFile(page, 'uber-eats-bad.csv', [`ue-1-1,${orderId},18/11/2026,12:30,Completed,lots,4.35`]);
    const previewed = adminCall(page, 'marketplace_import_preview');
    await page.getByRole('button', { name: 'Preview' }).click();
    expect((await previewed).ok()).toBe(true);
    await expect(
      page.getByRole('alert').filter({ hasText: 'The file cannot be imported yet' }),
    ).toBeVisible();
    const errors = page.getByRole('table', { name: 'Row errors' });
    await expect(errors.getByRole('row').nth(1)).toContainText('2Sales (incl. GST)"lots" is not an amount');
    await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
    await expectAccessible(page, 'import preview with errors');

    // The corrected file: previewed, imported, and a second import adds nothing.
    await chooseFile(page, 'uber-eats.csv', [`ue-1-1,${orderId},18/11/2026,12:30,Completed,32.00,9.60`]);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Ready: importing adds 1 new order.')).toBeVisible();
    await expect(page.getByRole('table', { name: /as they will be stored/ })).toContainText(orderId);
    const imported = adminCall(page, 'marketplace_import_commit');
    await page.getByRole('button', { name: 'Import' }).click();
    expect((await imported).ok()).toBe(true);
    await expect(page.getByText('1 new order, $32.00.')).toBeVisible();

    await chooseFile(page, 'uber-eats.csv', [`ue-1-1,${orderId},18/11/2026,12:30,Completed,32.00,9.60`]);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(
      page.getByText('Every order of this file is already in the ledger: importing adds nothing.'),
    ).toBeVisible();
    await expect(page.getByText('Already imported')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
