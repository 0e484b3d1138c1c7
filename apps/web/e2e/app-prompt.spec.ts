import { expect, expectAccessible, test } from './fixtures';

/**
 * A customer opens the site on a phone: below 1350 px the customer site asks for the app, and its
 * store buttons lead to the listings the deployment sets (APP_STORE_URL and PLAY_STORE_URL in
 * playwright.config.ts), not to the stores' home pages.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a phone gets the app prompt, whose buttons lead to the app store listings', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Order with the Kitchaco app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
    'href',
    'https://apps.apple.com/au/app/kitchaco/id6450000001',
  );
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
    'href',
    'https://play.google.com/store/apps/details?id=com.kitchaco.app',
  );
  await expectAccessible(page, 'app prompt');

  // A wide window shows the customer site itself, with the logo leading home.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(page.getByRole('link', { name: 'Kitchaco' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveCount(0);
});
