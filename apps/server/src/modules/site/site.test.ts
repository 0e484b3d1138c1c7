import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const APP_STORE = 'https://apps.apple.com/au/app/kitchaco/id6450000001';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=com.kitchaco.app';

let listed: TestApp;
let unlisted: TestApp;
beforeAll(async () => {
  [listed, unlisted] = await Promise.all([
    createTestApp({ APP_STORE_URL: APP_STORE, PLAY_STORE_URL: PLAY_STORE }),
    createTestApp({ PLAY_STORE_URL: PLAY_STORE }),
  ]);
});
afterAll(() => Promise.all([listed?.close(), unlisted?.close()]));

describe('the app links of the web app prompt', () => {
  it('gives anyone the store listings the deployment sets', async () => {
    const res = await listed.app.inject({ method: 'GET', url: '/api/v1/site/app-links/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ app_store_url: APP_STORE, play_store_url: PLAY_STORE });
  });

  it('answers null for a store without a listing, never a store home page', async () => {
    const res = await unlisted.app.inject({ method: 'GET', url: '/api/v1/site/app-links/' });
    expect(res.json()).toEqual({ app_store_url: null, play_store_url: PLAY_STORE });
  });
});
