import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localImageStore } from '../integrations/images.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { BRANDS } from './catalog.js';
import {
  COVER_HEIGHT,
  COVER_WIDTH,
  LOGO_SIZE,
  MEAL_PICTURE_SIZE,
  mealEmoji,
  signatureEmoji,
} from './pictures.js';
import { seedDemoData } from './seed.js';

const require = createRequire(import.meta.url);
const ASSETS = join(dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');
const brand = (slug: string) => BRANDS.find((b) => b.slug === slug)!;

describe('the dish a meal is drawn with', () => {
  it('is an illustration the package ships, for every meal and brand of the catalog', () => {
    for (const b of BRANDS) {
      for (const code of [...b.meals.map((m) => mealEmoji(m, b)), ...signatureEmoji(b)]) {
        expect(existsSync(join(ASSETS, `${code}.webp`)), `${b.title}: ${code}.webp`).toBe(true);
      }
      expect(signatureEmoji(b).length, b.title).toBeGreaterThanOrEqual(2);
    }
  });

  it('is chosen by the dish before the ingredient, then by category, then by cuisine', () => {
    const burgers = brand('smash-bros-burgers');
    const chicken = brand('cluckin-good');
    expect(mealEmoji({ name: 'Hot Chicken Burger', categoryId: 51 }, chicken)).toBe('1f354');
    expect(mealEmoji({ name: 'Butter Chicken', categoryId: 51 }, brand('curry-leaf'))).toBe('1f35b');
    expect(mealEmoji({ name: 'Beef Pho', categoryId: 51 }, brand('pho-real'))).toBe('1f35c');
    expect(mealEmoji({ name: 'Popcorn Chicken', categoryId: 52 }, chicken)).toBe('1f37f');
    expect(mealEmoji({ name: 'Coca-Cola 375ml', categoryId: 53 }, burgers)).toBe('1f964');
    expect(mealEmoji({ name: 'House Special', categoryId: 53 }, burgers)).toBe('1f964');
    expect(mealEmoji({ name: 'House Special', categoryId: 54 }, burgers)).toBe('1f368');
    expect(mealEmoji({ name: 'Margherita', categoryId: 51 }, brand('napoli-slice'))).toBe('1f355');
    expect(mealEmoji({ name: 'House Special', categoryId: 51 }, brand('tokyo-bowl'))).toBe('1f363');
  });
});

describe('the seeded demo with an image store', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kitchaco-pictures-'));
    t = await createTestApp({ IMAGE_DIR: dir });
    await seedDemoData(t.database.db, {
      scale: 0.02,
      now: new Date('2026-11-20T03:00:00Z'),
      images: localImageStore(dir),
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** GETs a picture as the browser would: a stored WebP of the given size, cacheable for ever. */
  async function expectPicture(address: string | null, width: number, height: number) {
    expect(address).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/);
    const res = await t.app.inject({ url: address! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
  }

  it('gives every brand a logo and a cover, served by the server', async () => {
    const vendors = (await t.app.inject({ url: '/api/v1/vendors/' })).json() as {
      logo: string | null;
      image: string | null;
    }[];
    expect(vendors.length).toBeGreaterThan(0);
    for (const vendor of vendors) {
      await expectPicture(vendor.logo, LOGO_SIZE, LOGO_SIZE);
      await expectPicture(vendor.image, COVER_WIDTH, COVER_HEIGHT);
    }
  });

  it("gives every meal on a menu its picture, the same brand's meals alike at every location", async () => {
    const vendors = (await t.app.inject({ url: '/api/v1/vendors/' })).json() as {
      id: number;
      title: string;
    }[];
    const byBrandMeal = new Map<string, string>();
    for (const vendor of vendors) {
      const menu = (await t.app.inject({ url: `/api/v1/vendors/${vendor.id}/menu/` })).json() as {
        meals: { meal_name: string; meal_image: string | null }[];
      };
      expect(menu.meals.length).toBeGreaterThan(0);
      for (const meal of menu.meals) {
        const key = `${vendor.title}/${meal.meal_name}`;
        if (!byBrandMeal.has(key)) await expectPicture(meal.meal_image, MEAL_PICTURE_SIZE, MEAL_PICTURE_SIZE);
        else expect(meal.meal_image, key).toBe(byBrandMeal.get(key));
        byBrandMeal.set(key, meal.meal_image!);
      }
    }
  });

  it('stores each picture once, under its content hash', async () => {
    const result = (await t.database.db.execute(sql`
      SELECT (SELECT count(*) FROM meals)::int AS meals,
        (SELECT count(*) FROM meals WHERE image IS NULL)::int AS without,
        (SELECT count(DISTINCT image) FROM meals)::int AS meal_pictures,
        (SELECT count(DISTINCT p) FROM (SELECT image AS p FROM meals UNION SELECT logo FROM vendors
          UNION SELECT image FROM vendors) AS pictures)::int AS pictures`)) as unknown as {
      rows: { meals: number; without: number; meal_pictures: number; pictures: number }[];
    };
    const counts = result.rows[0]!;
    expect(counts.without).toBe(0);
    // A brand's meal is one picture at all its locations.
    expect(counts.meal_pictures).toBeLessThan(counts.meals);
    const stored = await readdir(dir);
    expect(stored.every((name) => /^[a-f0-9]{32}\.webp$/.test(name))).toBe(true);
    expect(stored.length).toBeGreaterThanOrEqual(counts.pictures);
  });

  it('answers 404 for a picture that is not stored', async () => {
    const res = await t.app.inject({ url: `/images/${'0'.repeat(32)}.webp` });
    expect(res.statusCode).toBe(404);
  });
});
