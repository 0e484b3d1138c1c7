import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ImageStore } from '../integrations/images.js';
import type { BrandDef, Kitchen, MealDef } from './catalog.js';

/**
 * The demo's pictures, composed at seed time from Microsoft's Fluent Emoji 3D illustrations (MIT,
 * shipped as WebP files by the npm package @lobehub/fluent-emoji-3d, so nothing is downloaded at run
 * time): each meal gets its dish drawn large on a plate over a soft gradient in its brand's colour,
 * each brand a square logo and a wide cover with its signature dishes. They are stored through the
 * ImageStore as an upload would be (content-hash WebP names), so the same picture is kept once.
 */

/** Meal pictures are square; brand covers 2:1 (the customer app's restaurant cards). */
export const MEAL_PICTURE_SIZE = 640;
export const LOGO_SIZE = 320;
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 600;

/** Each brand's colour: the pictures' gradients are tints and shades of it. */
const BRAND_COLOURS: Record<string, string> = {
  'smash-bros-burgers': '#e8590c',
  'napoli-slice': '#d6336c',
  'bangkok-street': '#2f9e44',
  'curry-leaf': '#f59f00',
  'el-taco-loco': '#c2255c',
  'seoul-fried': '#e03131',
  'tokyo-bowl': '#4263eb',
  'pho-real': '#0c8599',
  'beirut-grill': '#a0782c',
  'sweet-tooth': '#e64980',
  'green-bowl-co': '#66a80f',
  'cluckin-good': '#f08c00',
};
const DEFAULT_COLOUR = '#7048e8';

/**
 * Dish keywords, first match wins (so "Hot Chicken Burger" is a burger and "Butter Chicken" a curry):
 * a pattern on the meal's name and the Fluent Emoji codepoint that draws it.
 */
const DISH_EMOJI: [RegExp, string][] = [
  [/burger|smash/i, '1f354'],
  [/pizza|margherita|pepperoni|capricciosa|diavola|prosciutto|formaggi/i, '1f355'],
  [/fries|chips/i, '1f35f'],
  [/onion ring/i, '1f9c5'],
  [/corn dog|hot ?dog/i, '1f32d'],
  [/popcorn/i, '1f37f'],
  [/curry|masala|rogan|paneer|massaman|korma|vindaloo|dal\b/i, '1f35b'],
  [/butter chicken|tikka/i, '1f35b'],
  [/ramen|pho\b|noodle|vermicelli|pad thai|pad see ew|udon|laksa/i, '1f35c'],
  [/soup|tom yum|tteokbokki|stew/i, '1f372'],
  [/bibimbap|paella/i, '1f958'],
  [/fried rice|sticky rice|\brice\b/i, '1f35a'],
  [/sushi|nigiri|sashimi|maki/i, '1f363'],
  [/\bdon\b|bento/i, '1f371'],
  [/gyoza|dumpling|samosa|spring roll|momo/i, '1f95f'],
  [/satay|skewer|yakitori|kebab/i, '1f362'],
  [/taco|nachos/i, '1f32e'],
  [/burrito/i, '1f32f'],
  [/quesadilla|pita|naan|flatbread/i, '1fad3'],
  [/falafel/i, '1f9c6'],
  [/shawarma|wrap|gyro/i, '1f959'],
  [/grill|lamb|steak/i, '1f356'],
  [/banh mi|garlic bread|baguette|bread/i, '1f956'],
  [/salad|slaw|poke|power bowl|bowl/i, '1f957'],
  [/wings|chicken|tenders|bucket|\dpc\b/i, '1f357'],
  [/ice cream|gelato|sundae|matcha/i, '1f368'],
  [/brownie|choc/i, '1f36b'],
  [/waffle/i, '1f9c7'],
  [/pudding|custard|flan/i, '1f36e'],
  [/churro|donut|doughnut/i, '1f369'],
  [/tiramisu|cake|cheesecake/i, '1f370'],
  [/baklava|pie|tart/i, '1f967'],
  [/gulab|dango|mochi/i, '1f361'],
  [/cookie|protein ball/i, '1f36a'],
  [/coffee|affogato|latte|espresso/i, '2615'],
  [/iced tea|bubble tea|boba/i, '1f9cb'],
  [/lassi|horchata|ayran|milk/i, '1f95b'],
  [/beer|lager/i, '1f37a'],
  [/shake|smoothie|cola|soda|lemonade|water|juice|can\b/i, '1f964'],
];

/** When no keyword matches: a drink or a dessert by its category, else the brand's cuisine. */
const CATEGORY_EMOJI: Record<number, string> = { 53: '1f964', 54: '1f368' };
const CUISINE_EMOJI: Record<Kitchen, string> = {
  Burgers: '1f354',
  Pizza: '1f355',
  Thai: '1f35c',
  Indian: '1f35b',
  Mexican: '1f32e',
  Korean: '1f357',
  Japanese: '1f363',
  Vietnamese: '1f35c',
  Lebanese: '1f959',
  Desserts: '1f370',
  Healthy: '1f957',
  Chicken: '1f357',
};

/** The codepoint (the illustration's file name) that draws a meal. */
export function mealEmoji(
  meal: Pick<MealDef, 'name' | 'categoryId'>,
  brand: Pick<BrandDef, 'kitchens'>,
): string {
  for (const [pattern, code] of DISH_EMOJI) if (pattern.test(meal.name)) return code;
  return CATEGORY_EMOJI[meal.categoryId] ?? CUISINE_EMOJI[brand.kitchens[0] ?? 'Burgers'];
}

/** Up to three different dishes that stand for the brand: its mains first, in menu order. */
export function signatureEmoji(brand: BrandDef): string[] {
  const ordered = [...brand.meals.filter((m) => m.categoryId === 51), ...brand.meals];
  const codes = [...new Set(ordered.map((meal) => mealEmoji(meal, brand)))];
  return codes.slice(0, 3);
}

function brandColour(brand: Pick<BrandDef, 'slug'>): string {
  return BRAND_COLOURS[brand.slug] ?? DEFAULT_COLOUR;
}

/** `colour` mixed with white (amount > 0) or black (amount < 0), as #rrggbb. */
function mix(colour: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const weight = Math.abs(amount);
  const channels = [1, 3, 5].map((at) => {
    const value = Number.parseInt(colour.slice(at, at + 2), 16);
    return Math.round(value + (target - value) * weight)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${channels.join('')}`;
}

/** A stable small number from a name, so neighbouring meals of one brand get different light. */
function variantOf(name: string, count: number): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % count;
}

const require = createRequire(import.meta.url);
const ASSETS = join(dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');

const artwork = new Map<string, Promise<Buffer>>();

/** The illustration resized to `size` px (decoded and resized once per process). */
function emojiAt(code: string, size: number): Promise<Buffer> {
  const key = `${code}@${size}`;
  let cached = artwork.get(key);
  if (!cached) {
    cached = readFile(join(ASSETS, `${code}.webp`)).then((bytes) =>
      sharp(bytes).resize(size, size, { kernel: 'lanczos3' }).png().toBuffer(),
    );
    artwork.set(key, cached);
  }
  return cached;
}

/**
 * A soft ellipse fading out to its edge: the shadow a dish casts, as an SVG fragment. A radial
 * gradient rather than a blur filter, which librsvg renders many times slower.
 */
function shadow(cx: number, cy: number, rx: number, ry: number, colour: string, opacity: number): string {
  const id = `shadow-${Math.round(cx)}-${Math.round(cy)}`;
  return (
    `<radialGradient id="${id}"><stop offset="0.55" stop-color="${colour}" stop-opacity="${opacity}"/>` +
    `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 1.15}" ry="${ry * 1.15}" fill="url(#${id})"/>`
  );
}

function svg(width: number, height: number, defs: string, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${defs}</defs>${body}</svg>`,
  );
}

const LIGHTS = [
  { cx: 0.3, cy: 0.25 },
  { cx: 0.7, cy: 0.25 },
  { cx: 0.5, cy: 0.2 },
  { cx: 0.25, cy: 0.7 },
];

/** A meal: the dish large on a plate, over a radial gradient in its brand's colour. */
async function composeMeal(code: string, colour: string, variant: number): Promise<Buffer> {
  const size = MEAL_PICTURE_SIZE;
  const light = LIGHTS[variant % LIGHTS.length]!;
  const dish = Math.round(size * 0.58);
  const plate = size * 0.39;
  const centre = size / 2;
  const background = svg(
    size,
    size,
    `<radialGradient id="bg" cx="${light.cx}" cy="${light.cy}" r="0.95">` +
      `<stop offset="0" stop-color="${mix(colour, 0.88)}"/><stop offset="1" stop-color="${mix(colour, 0.42)}"/></radialGradient>` +
      `<radialGradient id="plate" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${mix(colour, 0.93)}"/></radialGradient>`,
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
      `<circle cx="${size * (1 - light.cx)}" cy="${size * (1 - light.cy)}" r="${size * 0.36}" fill="${mix(colour, 0.7)}" opacity="0.35"/>` +
      shadow(centre + size * 0.02, centre + size * 0.05, plate, plate * 0.96, mix(colour, -0.55), 0.35) +
      `<circle cx="${centre}" cy="${centre}" r="${plate}" fill="url(#plate)"/>` +
      `<circle cx="${centre}" cy="${centre}" r="${plate * 0.78}" fill="none" stroke="${mix(colour, 0.8)}" stroke-width="${size / 160}" opacity="0.7"/>`,
  );
  return sharp(background)
    .composite([
      {
        input: await emojiAt(code, dish),
        left: Math.round(centre - dish / 2),
        top: Math.round(centre - dish / 2),
      },
    ])
    .webp({ quality: 80 })
    .toBuffer();
}

/** A brand's square logo: its first signature dish on a disc of its colour. */
async function composeLogo(code: string, colour: string): Promise<Buffer> {
  const size = LOGO_SIZE;
  const dish = Math.round(size * 0.66);
  const background = svg(
    size,
    size,
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(colour, 0.35)}"/><stop offset="1" stop-color="${mix(colour, -0.15)}"/></linearGradient>`,
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
      `<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.42}" fill="${mix(colour, 0.85)}"/>` +
      shadow(size / 2, size * 0.74, size * 0.26, size * 0.06, mix(colour, -0.6), 0.4),
  );
  const offset = Math.round((size - dish) / 2);
  return sharp(background)
    .composite([{ input: await emojiAt(code, dish), left: offset, top: offset }])
    .webp({ quality: 80 })
    .toBuffer();
}

/** A brand's wide cover: up to three signature dishes, the first large in the middle. */
async function composeCover(codes: string[], colour: string): Promise<Buffer> {
  const width = COVER_WIDTH;
  const height = COVER_HEIGHT;
  const big = Math.round(height * 0.62);
  const small = Math.round(height * 0.44);
  const placed = codes.map((code, index) => {
    if (index === 0) return { code, size: big, x: width / 2, y: height * 0.5 };
    const side = index === 1 ? -1 : 1;
    return { code, size: small, x: width / 2 + side * width * 0.29, y: height * 0.56 };
  });
  const background = svg(
    width,
    height,
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(colour, 0.7)}"/><stop offset="1" stop-color="${mix(colour, 0.1)}"/></linearGradient>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
      `<circle cx="${width * 0.12}" cy="${height * 0.1}" r="${height * 0.42}" fill="${mix(colour, 0.9)}" opacity="0.35"/>` +
      `<circle cx="${width * 0.92}" cy="${height * 0.95}" r="${height * 0.5}" fill="${mix(colour, -0.3)}" opacity="0.25"/>` +
      placed
        .map((p) => shadow(p.x, p.y + p.size * 0.42, p.size * 0.36, p.size * 0.07, mix(colour, -0.6), 0.45))
        .join(''),
  );
  const layers = await Promise.all(
    placed.map(async (p) => ({
      input: await emojiAt(p.code, p.size),
      left: Math.round(p.x - p.size / 2),
      top: Math.round(p.y - p.size / 2),
    })),
  );
  // The large dish goes on last, over its neighbours' edges.
  return sharp(background).composite(layers.reverse()).webp({ quality: 78 }).toBuffer();
}

/** The composed bytes of one brand's pictures, meals by name. */
export interface BrandPictureBytes {
  logo: Buffer;
  cover: Buffer;
  meals: Map<string, Buffer>;
}

const composed = new Map<string, Promise<BrandPictureBytes>>();

/**
 * Composes a brand's pictures; once per process (a second seed, as tests do, reuses the bytes).
 * Meals with the same dish and light share one picture.
 */
export function composeBrandPictures(brand: BrandDef): Promise<BrandPictureBytes> {
  let cached = composed.get(brand.slug);
  if (!cached) {
    cached = (async () => {
      const colour = brandColour(brand);
      const signature = signatureEmoji(brand);
      const byLook = new Map<string, Promise<Buffer>>();
      const meals = await Promise.all(
        brand.meals.map(async (meal) => {
          const code = mealEmoji(meal, brand);
          const variant = variantOf(meal.name, LIGHTS.length);
          const look = `${code}:${variant}`;
          let bytes = byLook.get(look);
          if (!bytes) {
            bytes = composeMeal(code, colour, variant);
            byLook.set(look, bytes);
          }
          return [meal.name, await bytes] as const;
        }),
      );
      const [logo, cover] = await Promise.all([
        composeLogo(signature[0]!, colour),
        composeCover(signature, colour),
      ]);
      return { logo, cover, meals: new Map(meals) };
    })();
    composed.set(brand.slug, cached);
    // A failure is not kept: the next seed tries again.
    cached.catch(() => composed.delete(brand.slug));
  }
  return cached;
}

/** Where a brand's stored pictures are: the addresses its vendor and meal rows carry. */
export interface BrandPictures {
  logo: string;
  cover: string;
  meals: Map<string, string>;
}

/** Composes and stores every brand's pictures; resolves to their addresses by brand slug. */
export async function storeDemoPictures(
  store: ImageStore,
  brands: readonly BrandDef[],
): Promise<Map<string, BrandPictures>> {
  const stored = await Promise.all(
    brands.map(async (brand) => {
      const bytes = await composeBrandPictures(brand);
      // Meals that share a picture share its bytes: each is stored once.
      const puts = new Map<Buffer, Promise<string>>();
      const put = (picture: Buffer) => {
        let address = puts.get(picture);
        if (!address) {
          address = store.put(picture, 'image/webp');
          puts.set(picture, address);
        }
        return address;
      };
      const [logo, cover, meals] = await Promise.all([
        put(bytes.logo),
        put(bytes.cover),
        Promise.all([...bytes.meals].map(async ([name, picture]) => [name, await put(picture)] as const)),
      ]);
      return [brand.slug, { logo, cover, meals: new Map(meals) }] as const;
    }),
  );
  return new Map(stored);
}
