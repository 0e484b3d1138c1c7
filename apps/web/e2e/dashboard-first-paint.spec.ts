import { expect, loginAs, test } from './fixtures';

/**
 * Issue 38: the super admin dashboard is usable before its charts are drawn. Its figures come in one
 * frame and the charts in a later one, even when the chart code is already loaded (a second visit).
 */

declare global {
  interface Window {
    firstPaintOrder?: { frame: number; figures?: number; charts?: number };
  }
}

test('the super admin dashboard draws its figures first and its charts in a later frame', async ({
  page,
}) => {
  await loginAs(page, 'super_admin');
  const figures = page.getByRole('table', { name: 'Sales by Source' });
  await expect(figures.getByRole('row').nth(1)).toBeVisible();
  // The charts' code is loaded now: the second visit below has it at hand.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Staff' });
  await nav.getByRole('link', { name: 'Customer Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Customer orders' })).toBeVisible();
  await expect(figures).toHaveCount(0);

  // Which animation frame the first figure row and the first chart each appear in.
  await page.evaluate(() => {
    const order: NonNullable<Window['firstPaintOrder']> = { frame: 0 };
    window.firstPaintOrder = order;
    const tick = () => {
      order.frame += 1;
      if (order.charts === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new MutationObserver((_, observer) => {
      if (
        order.figures === undefined &&
        document.querySelector('table[aria-label="Sales by Source"] tbody tr')
      ) {
        order.figures = order.frame;
      }
      if (order.charts === undefined && document.querySelector('.recharts-surface'))
        order.charts = order.frame;
      if (order.charts !== undefined) observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(figures.getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const order = await page.evaluate(() => window.firstPaintOrder!);
  expect(order.figures, 'the figures were seen').toBeDefined();
  expect(order.charts, 'the charts were seen').toBeDefined();
  expect(order.charts!, 'the charts come in a frame after the figures').toBeGreaterThan(order.figures!);
});
