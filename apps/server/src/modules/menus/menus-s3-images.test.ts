import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tokenFor } from '../../test/auth.js';
import { createLocation, createMeal, createVendor } from '../../test/factories.js';

/** A stand-in for the bucket's endpoint on a local port: records each request, answers `status`. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let bucket: Server;
let received: Received[] = [];
let status = 200;

let t: TestApp;
let admin: string;
let brandId: number;
let mealId: number;

const PUBLIC_BASE = 'https://images.kitchaco.test/meals';

async function call(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin-data/',
    headers: { authorization: `Token ${admin}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

async function pngUpload() {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

beforeAll(async () => {
  bucket = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(status === 200 ? '' : '<Error><Code>InternalError</Code></Error>');
    });
  });
  await new Promise<void>((done) => bucket.listen(0, '127.0.0.1', done));
  const { port } = bucket.address() as AddressInfo;

  t = await createTestApp({
    IMAGE_S3_BUCKET: 'meal-images',
    IMAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    IMAGE_S3_REGION: 'auto',
    IMAGE_S3_ACCESS_KEY_ID: 'test-access-key',
    IMAGE_S3_SECRET_ACCESS_KEY: 'test-secret-key',
    IMAGE_PUBLIC_BASE_URL: `${PUBLIC_BASE}/`,
  });
  const db = t.database.db;
  const location = await createLocation(db);
  brandId = (await createVendor(db, location.id, { title: 'Bucket Burgers' })).id;
  mealId = (await createMeal(db, brandId, { name: 'Cloud Burger', price: '14.00' })).meal.id;
  admin = (await tokenFor(db, 'super_admin')).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((done) => bucket.close(done));
});
beforeEach(() => {
  received = [];
  status = 200;
});

describe('meal images in an S3-compatible bucket', () => {
  it('PUTs the WebP to <bucket>/<key>, signed, typed and cached forever; the meal gets the public URL', async () => {
    const res = await call({
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Cloud Burger', meal_price: 14, status: 'Enabled' },
      image: await pngUpload(),
    });
    expect(res.status).toBe(200);

    expect(received).toHaveLength(1);
    const put = received[0]!;
    expect(put.method).toBe('PUT');
    expect(put.url).toMatch(/^\/meal-images\/[a-f0-9]{32}\.webp$/);
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=cache-control;host;x-amz-content-sha256;x-amz-date, Signature=[a-f0-9]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(put.body).digest('hex'));
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(put.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675]);

    const key = put.url.split('/').pop();
    const item = (await call({ query_type: 'get_specific_menu_item', meal_id: mealId })).body.menu_item;
    expect(item.meal_image).toBe(`${PUBLIC_BASE}/${key}`);
    // Customers get the same address.
    const menu = await t.app.inject({ method: 'GET', url: `/api/v1/vendors/${brandId}/menu/` });
    expect(menu.json().meals[0].meal_image).toBe(`${PUBLIC_BASE}/${key}`);
  });

  it('a bucket answering 500 gives the client a clean 503 and changes no meal', async () => {
    const before = (await call({ query_type: 'admin_menu', kitchaco_location: 0 })).body;
    status = 500;

    const update = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin-data/',
      headers: { authorization: `Token ${admin}` },
      payload: {
        query_type: 'update_menu',
        menu_item: { id: mealId, meal_name: 'Renamed Burger', meal_price: 19, status: 'Enabled' },
        image: await pngUpload(),
      },
    });
    expect(update.statusCode).toBe(503);
    expect(update.json()).toEqual({
      success: false,
      code: 'unavailable',
      error: 'The image could not be saved just now, so nothing was changed. Please try again in a moment.',
    });
    expect(update.body).not.toContain('InternalError');

    const add = await call({
      query_type: 'add_menu',
      meal_name: 'Lost Burger',
      meal_status: 'Enabled',
      meal_price: 12,
      vendor_id: brandId,
      image: await pngUpload(),
    });
    expect(add.status).toBe(503);

    // Tried again (a 5xx may pass), then given up; every attempt was a PUT of the same object.
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(new Set(received.map((r) => `${r.method} ${r.url}`)).size).toBe(1);
    const after = (await call({ query_type: 'admin_menu', kitchaco_location: 0 })).body;
    expect(after).toEqual(before);
  });

  it('a meal saved without a new image does not touch the bucket', async () => {
    status = 500;
    const res = await call({
      query_type: 'update_menu',
      menu_item: { id: mealId, meal_name: 'Cloud Burger', meal_price: 15, status: 'Enabled' },
    });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(0);
  });
});
