import { SMTPServer } from 'smtp-server';
import { type FakeDeliveroo, startFakeDeliveroo } from '../fakes/deliveroo.js';
import { type FakeDoordash, startFakeDoordash } from '../fakes/doordash.js';
import { type FakeFacebookGraph, startFakeFacebookGraph } from '../fakes/facebook.js';
import { type FakeSquare, startFakeSquare } from '../fakes/square.js';
import { type FakeTwilio, startFakeTwilio } from '../fakes/twilio.js';
import { type FakeUberEats, startFakeUberEats } from '../fakes/uber-eats.js';

/**
 * Every provider the go-live check calls, each as its fake (src/fakes), plus an SMTP server that
 * takes one login (smtp-server, the library nodemailer's authors maintain): Square with locations
 * LAB1 (Main St) and LCD2 (Reservoir), Uber Eats store `ue-1-1`, DoorDash store `dd-1-1`, Deliveroo's
 * token endpoint, a Twilio account owning `TWILIO_NUMBER`. `settings()` points the server at all of them.
 */
export interface ProviderFakes {
  square: FakeSquare;
  uber: FakeUberEats;
  doordash: FakeDoordash;
  deliveroo: FakeDeliveroo;
  twilio: FakeTwilio;
  facebook: FakeFacebookGraph;
  smtpPort: number;
  settings(overrides?: Record<string, string | undefined>): Record<string, string | undefined>;
  close(): Promise<void>;
}

export const TWILIO_NUMBER = '+61480000123';

export async function startProviderFakes(): Promise<ProviderFakes> {
  const square = await startFakeSquare({
    locations: ['LAB1', 'LCD2'],
    locationNames: { LAB1: 'Main St', LCD2: 'Reservoir' },
  });
  const uber = await startFakeUberEats();
  uber.addStore('ue-1-1', 'Burger Co Reservoir');
  const doordash = await startFakeDoordash();
  doordash.addStore('dd-1-1');
  const deliveroo = await startFakeDeliveroo();
  const twilio = await startFakeTwilio({ phoneNumbers: [TWILIO_NUMBER] });
  const facebook = await startFakeFacebookGraph();
  const smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'mail-password') return callback(null, { user: 1 });
      callback(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  return {
    square,
    uber,
    doordash,
    deliveroo,
    twilio,
    facebook,
    smtpPort,
    settings: (overrides = {}) => ({
      PAYMENTS_PROVIDER: 'square',
      SQUARE_ACCESS_TOKEN: square.accessToken,
      SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test',
      SQUARE_LOCATION_ID: 'LAB1',
      SQUARE_BASE_URL: square.url,
      ...uber.settings(),
      DOORDASH_WEBHOOK_TOKEN: 'doordash-webhook-token-0123456789',
      DOORDASH_DEVELOPER_ID: doordash.developerId,
      DOORDASH_KEY_ID: doordash.keyId,
      DOORDASH_SIGNING_SECRET: doordash.signingSecret,
      DOORDASH_API_URL: doordash.url,
      DELIVEROO_CLIENT_ID: deliveroo.clientId,
      DELIVEROO_CLIENT_SECRET: deliveroo.clientSecret,
      DELIVEROO_API_URL: deliveroo.url,
      DELIVEROO_AUTH_URL: deliveroo.authUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: TWILIO_NUMBER,
      TWILIO_API_URL: twilio.url,
      SMTP_URL: `smtp://mailer:mail-password@127.0.0.1:${smtpPort}`,
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      ...overrides,
    }),
    async close() {
      await Promise.all([square, uber, doordash, deliveroo, twilio, facebook].map((f) => f.close()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
