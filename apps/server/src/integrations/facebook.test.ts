import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecretProof, FacebookRejected, FacebookUnavailable, graphFacebookVerifier } from './facebook.js';

/**
 * A fake of the Graph API calls the adapter makes, from Facebook's documentation:
 * debug_token (https://developers.facebook.com/docs/graph-api/reference/debug_token) answers
 * `{ data: { app_id, type, application, expires_at, is_valid, issued_at, scopes, user_id } }`, and
 * errors `{ error: { message, type, code, fbtrace_id } }` with a 400
 * (https://developers.facebook.com/docs/graph-api/guides/error-handling); /me answers the fields
 * asked for (https://developers.facebook.com/docs/graph-api/reference/user). The app has "Require
 * App Secret" on, as Meta's security checklist asks: a call without the right `appsecret_proof`
 * fails with code 100 (https://developers.facebook.com/docs/graph-api/securing-requests).
 */
const APP_ID = '1234567890';
const APP_SECRET = 'app-secret';
const TOKENS: Record<string, { app_id: string; user_id: string; is_valid: boolean }> = {
  'good-token': { app_id: APP_ID, user_id: '10220000000000001', is_valid: true },
  'other-app-token': { app_id: '999', user_id: '10220000000000002', is_valid: true },
  'expired-token': { app_id: APP_ID, user_id: '10220000000000003', is_valid: false },
};
let server: Server;
let graphUrl: string;
let failing = false;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url.pathname);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (failing)
      return send(500, { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } });
    const token = url.searchParams.get('access_token') ?? '';
    if (url.searchParams.get('appsecret_proof') !== appSecretProof(token, APP_SECRET)) {
      return send(400, {
        error: {
          message: 'Invalid appsecret_proof provided in the API argument',
          type: 'GraphMethodException',
          code: 100,
          fbtrace_id: 'A1b2C3d4',
        },
      });
    }
    if (url.pathname === '/v25.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
        return send(400, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      }
      const known = TOKENS[url.searchParams.get('input_token') ?? ''];
      if (!known) {
        return send(400, {
          error: {
            message: 'Invalid OAuth access token - Cannot parse access token',
            type: 'OAuthException',
            code: 190,
          },
        });
      }
      return send(200, {
        data: {
          ...known,
          type: 'USER',
          application: 'Kitchaco',
          expires_at: 1_900_000_000,
          issued_at: 1_790_000_000,
          scopes: ['public_profile', 'email'],
        },
      });
    }
    if (url.pathname === '/v25.0/me') {
      const known = TOKENS[url.searchParams.get('access_token') ?? ''];
      if (!known)
        return send(400, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      return send(200, { id: known.user_id, name: 'Priya Nair', email: 'priya@example.test' });
    }
    send(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  graphUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v25.0`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Facebook sign-in through the Graph API', () => {
  const verifier = () => graphFacebookVerifier({ appId: APP_ID, appSecret: APP_SECRET, graphUrl });

  it("checks the token is this app's and reads the person", async () => {
    expect(await verifier().verify('good-token')).toEqual({
      id: '10220000000000001',
      name: 'Priya Nair',
      email: 'priya@example.test',
    });
    expect(seen.slice(-2)).toEqual(['/v25.0/debug_token', '/v25.0/me']);
  });

  it("refuses another app's token, an invalid one, and one Facebook cannot parse", async () => {
    for (const token of ['other-app-token', 'expired-token', 'made-up']) {
      await expect(verifier().verify(token)).rejects.toBeInstanceOf(FacebookRejected);
    }
  });

  it('proves every call with the app secret, as an app with "Require App Secret" on needs', async () => {
    // The documented recipe, computed apart (`echo -n good-token | openssl dgst -sha256 -hmac app-secret`).
    expect(appSecretProof('good-token', 'app-secret')).toBe(
      'f339dcbc9ed33a60f38116eacc061d5ffdc5d48da71babcb1f9c75ec3dad53ca',
    );
    await expect(verifier().verify('good-token')).resolves.toMatchObject({ id: '10220000000000001' });
  });

  it('says unavailable, naming FACEBOOK_APP_SECRET, when Facebook refuses our proof', async () => {
    const wrongSecret = graphFacebookVerifier({ appId: APP_ID, appSecret: 'rotated-secret', graphUrl });
    const error = await wrongSecret.verify('good-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacebookUnavailable);
    expect((error as Error).message).toContain('FACEBOOK_APP_SECRET');
  });

  it('says unavailable (not refused) when Facebook fails or cannot be reached', async () => {
    failing = true;
    await expect(verifier().verify('good-token')).rejects.toBeInstanceOf(FacebookUnavailable);
    failing = false;
    const away = graphFacebookVerifier({
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: 'http://127.0.0.1:1/v25.0',
    });
    await expect(away.verify('good-token')).rejects.toBeInstanceOf(FacebookUnavailable);
  });
});
