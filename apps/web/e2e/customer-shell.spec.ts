import { expect, expectAccessible, test } from './fixtures';

interface Location {
  id: number;
  name: string;
  location: string;
}

test('a visitor changes the pickup location after confirming, which empties the cart', async ({ page }) => {
  const locations = (await (await page.request.get('/api/v1/kitchaco-location/')).json()) as Location[];
  const [first, second] = locations;
  test.skip(!first || !second, 'needs two pickup locations');
  if (!first || !second) return;

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(
    page.getByRole('main').getByText('31, Malua Street, Reservoir', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'customer home');
  await page.evaluate(() => window.localStorage.setItem('kitchaco.cart', '{"lines":{}}'));

  // A native select: the browser draws its list, so the option is chosen as a keyboard or a click would.
  const select = page.getByRole('combobox', { name: 'Pickup location' });
  await select.selectOption({ label: second.name });
  const confirm = page.getByRole('dialog', { name: 'Change pickup location?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'location change confirmation');
  await confirm.getByRole('button', { name: 'Keep current location' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('kitchaco.cart'))).not.toBeNull();

  // Keeping the location puts the select back on it.
  await expect(select).toHaveValue(String(first.id));
  await select.selectOption({ label: second.name });
  await page
    .getByRole('dialog', { name: 'Change pickup location?' })
    .getByRole('button', { name: 'Change location' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await expect(page.getByRole('main').getByText(second.location, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('kitchaco.cart'))).toBeNull();

  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await expect(select).toHaveValue(String(second.id));
});

test('an unknown address shows a not-found page that leads home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the demo outbox lists the messages sent, newest first', async ({ page }) => {
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(
    page
      .getByRole('table', { name: 'Outbox messages, newest first' })
      .or(page.getByText('No messages have been sent yet.')),
  ).toBeVisible();
  await expectAccessible(page, 'outbox');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
});

test('the customer pages share one header, and a page whose code cannot load shows the error page until the visitor moves on', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  // Mark this very header element: a header made again would not carry the mark.
  const header = page.getByRole('banner');
  await header.evaluate((element) => element.setAttribute('data-journey-mark', 'kept'));
  await page.getByRole('link', { name: 'Restaurants' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurants of the Week!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');
  await expect(header).toHaveAttribute('data-journey-mark', 'kept');

  // After a deploy, a page's old code is gone: the error page says so and offers a way on.
  await page.route(/\/assets\/checkout-page-[^/]*\.js$/, (route) => route.abort());
  await page.evaluate(() => window.history.pushState(null, '', '/checkout'));
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expectAccessible(page, 'page failed to load');

  // Back to the page before: it shows again, with its tab.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Restaurants of the Week!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');

  // Addresses of no page, including a prefixed one of no known form, are not found.
  for (const address of ['/vendor:0', '/stock-order-edit:abc', '/dev/nothing']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});
