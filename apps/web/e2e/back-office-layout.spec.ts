import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from './fixtures';

/**
 * One back office: the super admin, the operator and the stock admin share one layout (the product
 * and portal in the header, the grouped navigation as a sidebar, the page in the main landmark);
 * below 992 px the navigation is a drawer opened by the header's menu button.
 */

const PORTALS = [
  {
    role: 'super_admin',
    title: 'Super Admin',
    groups: ['Sales', 'Finance', 'Stock'],
    link: 'Customer Orders',
  },
  { role: 'operator', title: 'Operator Admin', groups: ['Sales', 'Kitchen', 'Stock'], link: 'Orders' },
  { role: 'stock_admin', title: 'Stock Admin', groups: ['Orders', 'Stock'], link: 'Past Orders' },
] as const;

const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff' });

for (const portal of PORTALS) {
  test(`${portal.title}: the shared layout, its sidebar wide and its drawer narrow`, async ({ page }) => {
    await loginAs(page, portal.role);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Kitchaco', { exact: true })).toBeVisible();
    await expect(banner.getByRole('heading', { level: 1, name: portal.title })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    const nav = staffNav(page);
    await expect(nav).toBeVisible();
    for (const group of portal.groups) await expect(nav.getByText(group, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();

    // 800 px: the sidebar gives way to the menu button; its drawer has the same links.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(nav).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: portal.title });
    await expect(drawer.getByRole('navigation', { name: 'Staff' })).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, `${portal.title} navigation drawer`);
    // Escape closes it and gives the focus back to the menu button.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    // Following a link closes the drawer on the new screen.
    await burger.click();
    const url = page.url();
    await drawer.getByRole('link', { name: portal.link, exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(url);
    await expectAccessible(page, `${portal.title} at 800 px`);
  });
}
