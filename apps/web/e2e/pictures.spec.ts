import { expect, expectAccessible, test } from './fixtures';

interface Vendor {
  id: number;
  title: string;
  logo: string | null;
  image: string | null;
}

/** The first brand of the first location: the demo gives it a logo, a cover and meal pictures. */
async function firstVendor(request: import('@playwright/test').APIRequestContext): Promise<Vendor> {
  const vendors = (await (await request.get('/api/v1/vendors/?kitchaco=1')).json()) as Vendor[];
  const vendor = vendors[0];
  if (!vendor) throw new Error('the demo has no brand at its first location');
  return vendor;
}

test("a brand's page shows its cover and its meals' pictures, sized, lazy and decorative", async ({
  page,
}) => {
  const vendor = await firstVendor(page.request);
  expect(vendor.image).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/);
  await page.goto(`/vendor:${vendor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: vendor.title })).toBeVisible();

  const cover = page.locator(`img[src="${vendor.image}"]`);
  await expect(cover).toHaveAttribute('alt', '');
  await expect(cover).toHaveAttribute('width', '220');
  await expect(cover).toHaveAttribute('height', '140');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  const meals = page.getByRole('main').locator(`img[src^="/images/"]:not([src="${vendor.image}"])`);
  expect(await meals.count()).toBeGreaterThan(3);
  const first = meals.first();
  await expect(first).toHaveAttribute('loading', 'lazy');
  await expect(first).toHaveAttribute('decoding', 'async');
  await expect(first).toHaveAttribute('alt', '');
  await expect(first).toHaveAttribute('width', '96');
  await expect(first).toHaveAttribute('height', '96');
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  // The box is the same size before and after the picture arrives: nothing moves.
  const box = await first.boundingBox();
  expect([box?.width, box?.height]).toEqual([96, 96]);

  // Served as stored pictures are: WebP, cacheable for a year.
  const served = await page.request.get(vendor.image!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expectAccessible(page, 'brand page with pictures');
});

test('a picture that fails to load gives way to the initials tile', async ({ page }) => {
  const vendor = await firstVendor(page.request);
  await page.route('**/images/*.webp', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(`/vendor:${vendor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: vendor.title })).toBeVisible();
  const initials = vendor.title
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  // The banner's picture is replaced by the tile with the brand's initials.
  await expect(page.locator(`img[src="${vendor.image}"]`)).toHaveCount(0);
  await expect(page.getByRole('main').getByText(initials, { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'brand page without pictures');
});
