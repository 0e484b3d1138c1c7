import type { IncomingMessage, ServerResponse } from 'node:http';
import { appSecretProof } from '../integrations/facebook.js';
import { FakeHttpServer } from './fake-server.js';

/**
 * A fake of the Graph API's debug_token for the go-live check, in memory, on 127.0.0.1, from
 * Facebook's pages:
 * - https://developers.facebook.com/docs/graph-api/reference/debug_token: `GET
 *   /debug_token?input_token=&access_token=` answers `{ data: { app_id, type, application,
 *   is_valid, ... } }`; an app access token is `{app-id}|{app-secret}`
 *   (https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens), its type
 *   `APP`;
 * - errors `{ error: { message, type, code, fbtrace_id } }` with a 400
 *   (https://developers.facebook.com/docs/graph-api/guides/error-handling): 190 for a token it
 *   cannot accept, 100 "Invalid appsecret_proof provided in the API argument" for a proof that is
 *   not the HMAC of the token keyed with the app secret
 *   (https://developers.facebook.com/docs/graph-api/securing-requests#appsecret_proof; the app has
 *   "Require App Secret" on).
 * Served under the version prefix of FACEBOOK_GRAPH_URL (`graphUrl`).
 */
export class FakeFacebookGraph extends FakeHttpServer {
  readonly appId: string;
  readonly appSecret: string;
  readonly version = 'v25.0';

  constructor(options: { appId?: string; appSecret?: string } = {}) {
    super();
    this.appId = options.appId ?? '1234567890';
    this.appSecret = options.appSecret ?? 'fake-facebook-app-secret';
  }

  get graphUrl(): string {
    return `${this.url}/${this.version}`;
  }

  protected onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake-graph');
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const fail = (code: number, type: string, message: string): void =>
      send(400, { error: { message, type, code, fbtrace_id: 'AFakeTrace' } });
    const token = url.searchParams.get('access_token') ?? '';
    const appToken = `${this.appId}|${this.appSecret}`;
    if (req.method !== 'GET' || url.pathname !== `/${this.version}/debug_token`) {
      fail(100, 'GraphMethodException', 'Unsupported get request.');
    } else if (url.searchParams.get('appsecret_proof') !== appSecretProof(token, this.appSecret)) {
      fail(100, 'GraphMethodException', 'Invalid appsecret_proof provided in the API argument');
    } else if (token !== appToken) {
      fail(190, 'OAuthException', 'Invalid OAuth access token.');
    } else if (url.searchParams.get('input_token') !== appToken) {
      fail(190, 'OAuthException', 'Invalid OAuth access token - Cannot parse access token');
    } else {
      send(200, { data: { app_id: this.appId, type: 'APP', application: 'Kitchaco', is_valid: true } });
    }
  }
}

export async function startFakeFacebookGraph(
  options: { appId?: string; appSecret?: string } = {},
): Promise<FakeFacebookGraph> {
  const fake = new FakeFacebookGraph(options);
  await fake.listen();
  return fake;
}
