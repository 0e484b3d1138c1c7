import { createHmac } from 'node:crypto';

/**
 * Facebook Login for customers (`POST /api/v1/login-facebook/`): the app signs the person in with
 * Facebook and sends us their user access token; we ask Facebook whether it is a valid token of
 * our app and whose it is, and read their name and email.
 *
 * Graph API, as documented:
 * - https://developers.facebook.com/docs/graph-api/reference/debug_token
 *   `GET /debug_token?input_token={token}&access_token={app-id}|{app-secret}` answers
 *   `{ "data": { "app_id", "type": "USER", "is_valid", "expires_at", "user_id", "scopes", ... } }`
 *   (an app access token is `{app-id}|{app-secret}`:
 *   https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens).
 * - https://developers.facebook.com/docs/graph-api/reference/user
 *   `GET /me?fields=id,name,email&access_token={token}` answers `{ "id", "name", "email"? }`.
 * - Errors are `{ "error": { "message", "type", "code", "fbtrace_id" } }` with a 4xx status
 *   (https://developers.facebook.com/docs/graph-api/guides/error-handling).
 * - Every call carries `appsecret_proof`, the SHA-256 HMAC of its access token keyed with the app
 *   secret, in hex (https://developers.facebook.com/docs/graph-api/securing-requests#appsecret_proof):
 *   Meta's security checklist asks apps to turn on "Require App Secret", after which a call
 *   without it fails. A proof Facebook refuses (error code 100, "Invalid appsecret_proof provided
 *   in the API argument") means our FACEBOOK_APP_SECRET is wrong: the sign-in is unavailable, the
 *   customer's token is not to blame.
 */
export interface FacebookUser {
  id: string;
  name: string | null;
  email: string | null;
}

/** The token is not a valid Facebook user token of this app: the sign-in is refused. */
export class FacebookRejected extends Error {}
/** Facebook did not answer, or is not set up: try again later. */
export class FacebookUnavailable extends Error {}

export interface FacebookVerifier {
  readonly name: string;
  verify(accessToken: string): Promise<FacebookUser>;
}

const TIMEOUT_MS = 5_000;

/** `appsecret_proof` of an access token: hex HMAC-SHA256 keyed with the app secret. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export function graphFacebookVerifier(options: {
  appId: string;
  appSecret: string;
  graphUrl: string;
}): FacebookVerifier {
  async function get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const proof = appSecretProof(params.access_token ?? '', options.appSecret);
    const url = `${options.graphUrl}${path}?${new URLSearchParams({ ...params, appsecret_proof: proof })}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new FacebookUnavailable(`Facebook did not answer: ${String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status >= 500 || response.status === 429) {
      throw new FacebookUnavailable(`Facebook answered ${response.status}`);
    }
    const error = body.error as { code?: number; message?: string } | undefined;
    if (error?.code === 100 && /appsecret_proof/i.test(error.message ?? '')) {
      throw new FacebookUnavailable(
        `Facebook refused our appsecret_proof (${error.message}): check FACEBOOK_APP_SECRET`,
      );
    }
    if (!response.ok || error) throw new FacebookRejected('Facebook refused the token');
    return body;
  }
  return {
    name: 'facebook',
    async verify(accessToken) {
      const debug = await get('/debug_token', {
        input_token: accessToken,
        access_token: `${options.appId}|${options.appSecret}`,
      });
      const data = debug.data as { app_id?: string; is_valid?: boolean; user_id?: string; type?: string };
      if (!data?.is_valid || data.app_id !== options.appId || !data.user_id) {
        throw new FacebookRejected('The token is not a valid user token of this app');
      }
      const me = await get('/me', { fields: 'id,name,email', access_token: accessToken });
      if (me.id !== data.user_id) throw new FacebookRejected('The token belongs to another user');
      return {
        id: String(me.id),
        name: typeof me.name === 'string' ? me.name : null,
        email: typeof me.email === 'string' ? me.email : null,
      };
    },
  };
}

/**
 * Outside production without Facebook settings: a stand-in that accepts `demo-facebook-<id>`
 * tokens (a person "Facebook customer <id>"), so the sign-in can be tried end to end. Production
 * without FACEBOOK_APP_ID answers 503 instead (config.ts), never this.
 */
export function localFacebookVerifier(): FacebookVerifier {
  return {
    name: 'local',
    async verify(accessToken) {
      const id = /^demo-facebook-(\d{1,20})$/.exec(accessToken)?.[1];
      if (!id) throw new FacebookRejected('Not a demo Facebook token');
      return { id, name: `Facebook customer ${id}`, email: null };
    },
  };
}

/** Production without Facebook settings: Facebook sign-in is switched off. */
export function unavailableFacebookVerifier(): FacebookVerifier {
  return {
    name: 'off',
    async verify() {
      throw new FacebookUnavailable('Facebook sign-in is not set up (FACEBOOK_APP_ID)');
    },
  };
}
