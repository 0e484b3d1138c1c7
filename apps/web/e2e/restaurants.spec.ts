import { expect, expectAccessible, getJson, test } from './fixtures';

/**
 * The Restaurants tab (docs/customer-app.md): every brand of the location once, grouped by kitchen,
 * with its price level and pickup time; cuisine chips kept in the address; "Read more" on the
 * latest news goes somewhere else than the tab.
 */

interface Vendor {
  id: number;
  title: string;
  kitchens: { id: number; title: string }[];
  price_level?: number | null;
}

test.beforeEach(async ({ page }) => {
  // There is no internet in tests: map tiles fail at once instead of waiting for a timeout.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the Restaurants tab shows each brand once by kitchen, filters by cuisine in the address, and its news leads on', async ({
  page,
}) => {
  const vendors = await getJson<Vendor[]>(page.request, '/api/v1/vendors/?kitchaco=1');
  await page.goto('/');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Restaurants' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurants of the Week!' })).toBeVisible();

  // Every brand exactly once in the grid, under a kitchen heading, with its price level.
  const grid = page.getByRole('region', { name: 'Restaurants at Reservoir' });
  await expect(grid.getByRole('link')).toHaveCount(vendors.length);
  for (const vendor of vendors) {
    await expect(grid.getByRole('link', { name: new RegExp(literal(vendor.title)) })).toHaveCount(1);
  }
  await expect(grid.getByRole('heading', { level: 3 }).first()).toBeVisible();
  const priced = vendors.find((v) => v.price_level);
  if (priced?.price_level) {
    await expect(
      grid
        .getByRole('link', { name: new RegExp(literal(priced.title)) })
        .getByText('$'.repeat(priced.price_level), {
          exact: true,
        }),
    ).toBeVisible();
  }
  // Each card says when an order could be picked up, or when the brand opens.
  for (const card of await grid.getByRole('link').all()) {
    await expect(card).toContainText(/Pickup in \d+-\d+ min|Closed|opens|Order for later/);
  }
  await expectAccessible(page, 'restaurants tab');

  // A cuisine chip narrows the grid to the brands of that kitchen and names it in the address.
  const kitchen = vendors
    .flatMap((v) => v.kitchens)
    .find((k) => vendors.some((v) => !v.kitchens.some((x) => x.id === k.id)));
  test.skip(!kitchen, 'needs a kitchen not every brand has');
  if (!kitchen) return;
  const withKitchen = vendors.filter((v) => v.kitchens.some((k) => k.id === kitchen.id));
  const cuisine = page.getByRole('group', { name: 'Cuisine' });
  await cuisine.getByRole('radio', { name: kitchen.title, exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]cuisine=[a-z0-9-]+/);
  await expect(grid.getByRole('link')).toHaveCount(withKitchen.length);
  await expect(grid.getByRole('heading', { level: 3, name: kitchen.title })).toBeVisible();
  const filtered = page.url();

  // Back shows every brand again (still the Restaurants tab), forward the chosen cuisine, and so does a reload.
  await page.goBack();
  await expect(page).not.toHaveURL(/cuisine=/);
  await expect(sections.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('aria-current', 'page');
  await expect(grid.getByRole('link')).toHaveCount(vendors.length);
  await page.goForward();
  await expect(page).toHaveURL(filtered);
  await expect(grid.getByRole('link')).toHaveCount(withKitchen.length);
  await page.reload();
  await expect(cuisine.getByRole('radio', { name: kitchen.title, exact: true })).toBeChecked();
  await cuisine.getByRole('radio', { name: 'All', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/cuisine=/);
  await expect(grid.getByRole('link')).toHaveCount(vendors.length);

  // "Read more" never points at the tab itself: a brand's page, another page, or the whole post.
  const latest = page.getByRole('region', { name: 'Checkout the latest' });
  const readMore = latest.getByRole('link', { name: /^Read more about/ });
  const inApp = latest.getByRole('button', { name: /^Read more about/ });
  await expect(latest.getByRole('article').first()).toBeVisible();
  const posts = await latest.getByRole('article').count();
  expect((await readMore.count()) + (await inApp.count()), 'every post has its Read more').toBe(posts);
  for (const link of await readMore.all()) {
    const href = await link.getAttribute('href');
    expect(href, 'a Read more link').toBeTruthy();
    expect(new URL(href!, page.url()).href).not.toBe(page.url());
  }
  const aboutBrand = latest.locator('a[href^="/vendor:"]');
  if ((await aboutBrand.count()) > 0) {
    await aboutBrand.first().click();
    await expect(page).toHaveURL(/\/vendor:\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
  }
  await expect(latest.getByRole('article').first()).toBeVisible();
  if ((await inApp.count()) > 0) {
    const label = (await inApp.first().getAttribute('aria-label')) ?? '';
    await inApp.first().click();
    const dialog = page.getByRole('dialog', { name: label.replace(/^Read more about /, '') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'a post of the latest news');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
  }
});
