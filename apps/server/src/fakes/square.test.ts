import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeDeviceCode,
  type FakePayment,
  type FakeRefund,
  type FakeSquare,
  type FakeSquareOptions,
  SANDBOX_SOURCE_IDS,
  type SquareError,
  type SquareEvent,
  startFakeSquare,
} from './square.js';

/**
 * The fake checked against Square's documentation: the example requests and responses of the
 * official Node SDK's docs (square/square-nodejs-sdk legacy/doc), the sandbox tokens
 * (https://developer.squareup.com/docs/devtools/sandbox/payments), idempotency
 * (https://developer.squareup.com/docs/working-with-apis/idempotency) and the SDK's own webhook
 * signature test vectors (tests/integration/webhooks.test.ts).
 */

// ---------------------------------------------------------------- documented examples

/** The `payment` of legacy/doc/models/create-payment-response.md (autocomplete: true), without its filler `tip_money`. */
const DOCUMENTED_CREATED_PAYMENT = {
  amount_money: { amount: 1000, currency: 'USD' },
  app_fee_money: { amount: 10, currency: 'USD' },
  application_details: { application_id: 'sq0ids-TcgftTEtKxJTRF1lCFJ9TA', square_product: 'ECOMMERCE_API' },
  approved_money: { amount: 1000, currency: 'USD' },
  card_details: {
    auth_result_code: 'vNEn2f',
    avs_status: 'AVS_ACCEPTED',
    card: {
      bin: '411111',
      card_brand: 'VISA',
      card_type: 'DEBIT',
      exp_month: 11,
      exp_year: 2022,
      fingerprint: 'sq-1-Hxim77tbdcbGejOejnoAklBVJed2YFLTmirfl8Q5XZzObTc8qY_U8RkwzoNL8dCEcQ',
      last_4: '1111',
      prepaid_type: 'NOT_PREPAID',
    },
    card_payment_timeline: {
      authorized_at: '2021-10-13T21:14:29.732Z',
      captured_at: '2021-10-13T21:14:30.504Z',
    },
    cvv_status: 'CVV_ACCEPTED',
    entry_method: 'ON_FILE',
    statement_description: 'SQ *EXAMPLE TEST GOSQ.C',
    status: 'CAPTURED',
  },
  created_at: '2021-10-13T21:14:29.577Z',
  customer_id: 'W92WH6P11H4Z77CTET0RNTGFW8',
  delay_action: 'CANCEL',
  delay_duration: 'PT168H',
  delayed_until: '2021-10-20T21:14:29.577Z',
  id: 'R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY',
  location_id: 'L88917AVBK2S5',
  note: 'Brief Description',
  order_id: 'pRsjRTgFWATl7so6DxdKBJa7ssbZY',
  receipt_number: 'R2B3',
  receipt_url: 'https://squareup.com/receipt/preview/EXAMPLE_RECEIPT_ID',
  reference_id: '123456',
  risk_evaluation: { created_at: '2021-10-13T21:14:30.423Z', risk_level: 'NORMAL' },
  source_type: 'CARD',
  status: 'COMPLETED',
  total_money: { amount: 1000, currency: 'USD' },
  updated_at: '2021-10-13T21:14:30.504Z',
  version_token: 'TPtNEOBOa6Qq6E3C3IjckSVOM6b3hMbfhjvTxHBQUsB6o',
};

/** The `payment` keys of legacy/doc/models/cancel-payment-response.md (no receipt when canceled). */
const DOCUMENTED_CANCELED_PAYMENT_KEYS = [
  'amount_money',
  'application_details',
  'approved_money',
  'card_details',
  'created_at',
  'customer_id',
  'delay_action',
  'delay_duration',
  'delayed_until',
  'id',
  'location_id',
  'note',
  'order_id',
  'risk_evaluation',
  'source_type',
  'status',
  'tip_money',
  'total_money',
  'updated_at',
  'version_token',
];

/** legacy/doc/models/create-device-code-response.md, without the generator's filler `device_id`. */
const DOCUMENTED_DEVICE_CODE = {
  code: 'EBCARJ',
  created_at: '2020-02-06T18:44:33.000Z',
  id: 'B3Z6NAMYQSMTM',
  location_id: 'B5E4484SHHNYH',
  name: 'Counter 1',
  pair_by: '2020-02-06T18:49:33.000Z',
  product_type: 'TERMINAL_API',
  status: 'UNPAIRED',
  status_changed_at: '2020-02-06T18:44:33.000Z',
};

/** The `refund` keys of legacy/doc/models/refund-payment-response.md. */
const DOCUMENTED_REFUND_KEYS = [
  'amount_money',
  'app_fee_money',
  'created_at',
  'destination_details',
  'destination_type',
  'id',
  'location_id',
  'order_id',
  'payment_id',
  'reason',
  'status',
  'unlinked',
  'updated_at',
];

/** The request of legacy/doc/api/payments.md "Create Payment", with a sandbox token for its card on file. */
const DOCUMENTED_CREATE_PAYMENT = {
  source_id: SANDBOX_SOURCE_IDS.ok,
  idempotency_key: '7b0f3ec5-086a-4871-8f13-3c81b3875218',
  amount_money: { amount: 1000, currency: 'USD' },
  app_fee_money: { amount: 10, currency: 'USD' },
  autocomplete: true,
  customer_id: 'W92WH6P11H4Z77CTET0RNTGFW8',
  location_id: 'L88917AVBK2S5',
  reference_id: '123456',
  note: 'Brief description',
};

// ---------------------------------------------------------------- helpers

interface Reply {
  status: number;
  headers: Headers;
  body: {
    errors?: SquareError[];
    payment?: FakePayment;
    payments?: FakePayment[];
    cursor?: string;
    refund?: FakeRefund;
    device_code?: FakeDeviceCode;
  };
}

const fakes: FakeSquare[] = [];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all([...fakes.splice(0), ...servers.splice(0)].map((s) => s.close()));
});

async function fake(options: FakeSquareOptions = {}): Promise<FakeSquare> {
  const started = await startFakeSquare(options);
  fakes.push(started);
  return started;
}

async function call(
  square: FakeSquare,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token: string | null = square.accessToken,
): Promise<Reply> {
  const response = await fetch(`${square.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      'square-version': '2026-05-20',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}

let keys = 0;
const newKey = () => `key-${process.pid}-${++keys}`;

function pay(square: FakeSquare, overrides: Record<string, unknown> = {}): Promise<Reply> {
  return call(square, 'POST', '/v2/payments', {
    source_id: SANDBOX_SOURCE_IDS.ok,
    idempotency_key: newKey(),
    amount_money: { amount: 2500, currency: 'AUD' },
    autocomplete: false,
    reference_id: 'order-1',
    ...overrides,
  });
}

const sorted = (value: object) => Object.keys(value).sort();

/** A receiver of webhooks: what it got, answering `status`. */
async function receiver(status = 200) {
  const received: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/square`, received };
}

// ---------------------------------------------------------------- payments

describe('CreatePayment', () => {
  it('answers the documented example request with the documented payment shape', async () => {
    const square = await fake();
    const { status, body } = await call(square, 'POST', '/v2/payments', DOCUMENTED_CREATE_PAYMENT);

    expect(status).toBe(200);
    const payment = body.payment!;
    // Every documented field but the order (this fake has no Orders API).
    const expectedKeys = sorted(DOCUMENTED_CREATED_PAYMENT).filter((k) => k !== 'order_id');
    expect(sorted(payment)).toEqual(expectedKeys);
    expect(sorted(payment.card_details)).toEqual(sorted(DOCUMENTED_CREATED_PAYMENT.card_details));
    expect(sorted(payment.card_details.card)).toEqual(sorted(DOCUMENTED_CREATED_PAYMENT.card_details.card));
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      source_type: 'CARD',
      amount_money: { amount: 1000, currency: 'USD' },
      app_fee_money: { amount: 10, currency: 'USD' },
      approved_money: { amount: 1000, currency: 'USD' },
      total_money: { amount: 1000, currency: 'USD' },
      delay_action: 'CANCEL',
      delay_duration: 'PT168H',
      location_id: 'L88917AVBK2S5',
      reference_id: '123456',
      customer_id: 'W92WH6P11H4Z77CTET0RNTGFW8',
      note: 'Brief description',
      receipt_number: payment.id.slice(0, 4),
      receipt_url: `https://squareup.com/receipt/preview/${payment.id}`,
      application_details: { square_product: 'ECOMMERCE_API' },
      risk_evaluation: { risk_level: 'NORMAL' },
      card_details: {
        status: 'CAPTURED',
        cvv_status: 'CVV_ACCEPTED',
        avs_status: 'AVS_ACCEPTED',
        card: {
          card_brand: 'VISA',
          last_4: '1111',
          bin: '411111',
          card_type: 'DEBIT',
          prepaid_type: 'NOT_PREPAID',
        },
        card_payment_timeline: { authorized_at: payment.created_at, captured_at: payment.created_at },
      },
    });
    expect(Date.parse(payment.delayed_until) - Date.parse(payment.created_at)).toBe(168 * 3_600_000);
    expect(square.payments.get(payment.id)?.status).toBe('COMPLETED');
  });

  it('authorizes with autocomplete false (APPROVED, AUTHORIZED), then CompletePayment captures', async () => {
    const square = await fake();
    const created = await pay(square);

    expect(created.status).toBe(200);
    const approved = created.body.payment!;
    expect(approved).toMatchObject({ status: 'APPROVED', card_details: { status: 'AUTHORIZED' } });
    expect(approved.receipt_number).toBe(approved.id.slice(0, 4));
    expect(approved.receipt_url).toBeUndefined();
    expect(approved.card_details.card_payment_timeline).toEqual({ authorized_at: approved.created_at });

    const completed = await call(square, 'POST', `/v2/payments/${approved.id}/complete`, {});
    expect(completed.status).toBe(200);
    expect(completed.body.payment).toMatchObject({
      id: approved.id,
      status: 'COMPLETED',
      card_details: { status: 'CAPTURED', card_payment_timeline: { authorized_at: approved.created_at } },
      receipt_url: `https://squareup.com/receipt/preview/${approved.id}`,
    });
    expect(completed.body.payment?.card_details.card_payment_timeline?.captured_at).toBeDefined();
    expect(completed.body.payment?.version_token).not.toBe(approved.version_token);

    const again = await call(square, 'POST', `/v2/payments/${approved.id}/complete`, {});
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]).toMatchObject({
      category: 'INVALID_REQUEST_ERROR',
      code: 'DELAYED_TRANSACTION_CAPTURED',
    });
    const cancel = await call(square, 'POST', `/v2/payments/${approved.id}/cancel`);
    expect(cancel.body.errors?.[0]?.code).toBe('DELAYED_TRANSACTION_CAPTURED');
  });

  it('cancels an APPROVED payment as documented, after which it cannot be completed', async () => {
    const square = await fake();
    const { body } = await pay(square, { customer_id: 'W92WH6P11H4Z77CTET0RNTGFW8', note: 'Example Note' });
    const id = body.payment!.id;

    const canceled = await call(square, 'POST', `/v2/payments/${id}/cancel`);
    expect(canceled.status).toBe(200);
    const payment = canceled.body.payment!;
    // The documented keys, but the order and the example's tip (none asked here), with the reference.
    const expected = DOCUMENTED_CANCELED_PAYMENT_KEYS.filter((k) => k !== 'order_id' && k !== 'tip_money');
    expect(sorted(payment)).toEqual([...expected, 'reference_id'].sort());
    expect(payment).toMatchObject({ status: 'CANCELED', card_details: { status: 'VOIDED' } });
    expect(sorted(payment.card_details.card_payment_timeline ?? {})).toEqual(['authorized_at', 'voided_at']);

    const complete = await call(square, 'POST', `/v2/payments/${id}/complete`, {});
    expect(complete.status).toBe(400);
    expect(complete.body.errors?.[0]?.code).toBe('DELAYED_TRANSACTION_CANCELED');
  });

  it.each([
    [SANDBOX_SOURCE_IDS.declined, 'GENERIC_DECLINE', 'CVV_ACCEPTED', 'AVS_ACCEPTED'],
    [SANDBOX_SOURCE_IDS.rejectedCvv, 'CVV_FAILURE', 'CVV_REJECTED', 'AVS_ACCEPTED'],
    [SANDBOX_SOURCE_IDS.rejectedPostalCode, 'ADDRESS_VERIFICATION_FAILURE', 'CVV_ACCEPTED', 'AVS_REJECTED'],
    [SANDBOX_SOURCE_IDS.rejectedExpiration, 'INVALID_EXPIRATION', 'CVV_ACCEPTED', 'AVS_ACCEPTED'],
  ])('declines %s with 400 %s and the FAILED payment', async (sourceId, code, cvv, avs) => {
    const square = await fake();
    const { status, body } = await pay(square, { source_id: sourceId });

    expect(status).toBe(400);
    // The envelope of https://developer.squareup.com/docs/payments-api/error-codes.
    expect(body.errors).toEqual([
      { category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` },
    ]);
    expect(body.payment).toMatchObject({
      status: 'FAILED',
      card_details: { status: 'FAILED', cvv_status: cvv, avs_status: avs, errors: body.errors },
    });
    expect(body.payment?.approved_money).toBeUndefined();
    expect(square.payments.get(body.payment!.id)?.status).toBe('FAILED');
  });

  it('refuses a used token (CARD_TOKEN_USED) and an unknown one (404 NOT_FOUND) without a payment', async () => {
    const square = await fake();
    const used = await pay(square, { source_id: SANDBOX_SOURCE_IDS.alreadyUsed });
    expect(used.status).toBe(400);
    expect(used.body.errors?.[0]).toMatchObject({
      category: 'INVALID_REQUEST_ERROR',
      code: 'CARD_TOKEN_USED',
    });
    expect(used.body.payment).toBeUndefined();

    const unknown = await pay(square, { source_id: 'cnon:not-a-sandbox-token' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([
      { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Card nonce not found' },
    ]);
    expect(square.payments.size).toBe(0);
  });

  it('answers a repeated request with the first answer, and refuses the key for another request', async () => {
    const square = await fake();
    const request = {
      source_id: SANDBOX_SOURCE_IDS.ok,
      idempotency_key: newKey(),
      amount_money: { amount: 1200, currency: 'AUD' },
      autocomplete: false,
      reference_id: 'order-7',
    };
    const first = await call(square, 'POST', '/v2/payments', request);
    // The same request, its keys in another order.
    const second = await call(square, 'POST', '/v2/payments', { ...request, reference_id: 'order-7' });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(square.payments.size).toBe(1);

    const changed = await call(square, 'POST', '/v2/payments', {
      ...request,
      amount_money: { amount: 1300, currency: 'AUD' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual([
      {
        category: 'INVALID_REQUEST_ERROR',
        code: 'IDEMPOTENCY_KEY_REUSED',
        detail: 'The provided idempotency key has already been used.',
        field: 'idempotency_key',
      },
    ]);
    expect(square.payments.size).toBe(1);
  });

  it('replays a decline too, and keeps its key from a corrected card', async () => {
    const square = await fake();
    const key = newKey();
    const declined = await pay(square, { idempotency_key: key, source_id: SANDBOX_SOURCE_IDS.rejectedCvv });
    const replayed = await pay(square, { idempotency_key: key, source_id: SANDBOX_SOURCE_IDS.rejectedCvv });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual(declined.body);

    const corrected = await pay(square, { idempotency_key: key });
    expect(corrected.body.errors?.[0]?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(square.payments.size).toBe(1);
  });

  it('limits idempotency_key to 1..45 characters of UTF-8', async () => {
    const square = await fake();
    expect((await pay(square, { idempotency_key: 'k'.repeat(45) })).status).toBe(200);

    const long = await pay(square, { idempotency_key: 'k'.repeat(46) });
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]).toMatchObject({
      category: 'INVALID_REQUEST_ERROR',
      code: 'VALUE_TOO_LONG',
      field: 'idempotency_key',
    });
    // 23 characters, 46 bytes: "might be less than the stated maximum, if multi-byte characters are used".
    expect((await pay(square, { idempotency_key: 'é'.repeat(23) })).body.errors?.[0]?.code).toBe(
      'VALUE_TOO_LONG',
    );
    expect((await pay(square, { idempotency_key: '' })).body.errors?.[0]?.code).toBe('VALUE_TOO_SHORT');
    const missing = await pay(square, { idempotency_key: undefined });
    expect(missing.body.errors?.[0]).toMatchObject({
      code: 'MISSING_REQUIRED_PARAMETER',
      field: 'idempotency_key',
    });
    expect(square.payments.size).toBe(1);
  });

  it('uses the main location when none is named, and refuses an unknown one', async () => {
    const square = await fake({ locations: ['LMAIN0000AAAA', 'LSECOND000BBB'] });
    expect((await pay(square)).body.payment?.location_id).toBe('LMAIN0000AAAA');
    expect((await pay(square, { location_id: 'LSECOND000BBB' })).body.payment?.location_id).toBe(
      'LSECOND000BBB',
    );

    const unknown = await pay(square, { location_id: 'LNOWHERE00000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]).toMatchObject({
      category: 'INVALID_REQUEST_ERROR',
      code: 'NOT_FOUND',
      detail: 'Location `LNOWHERE00000` not found.',
    });
  });

  it('GetPayment answers the payment, or the documented NOT_FOUND', async () => {
    const square = await fake();
    const id = (await pay(square)).body.payment!.id;
    const found = await call(square, 'GET', `/v2/payments/${id}`);
    expect(found.body.payment?.id).toBe(id);

    const missing = await call(square, 'GET', '/v2/payments/7nDzoTTqoVk6LMeYzfXg2fpcUDaZY');
    expect(missing.status).toBe(404);
    // The example of https://developer.squareup.com/docs/build-basics/handling-errors.
    expect(missing.body.errors).toEqual([
      {
        category: 'INVALID_REQUEST_ERROR',
        code: 'NOT_FOUND',
        detail: 'Could not find payment with id: 7nDzoTTqoVk6LMeYzfXg2fpcUDaZY',
      },
    ]);
  });

  it('refuses a complete with a stale version_token (VERSION_MISMATCH)', async () => {
    const square = await fake();
    const id = (await pay(square)).body.payment!.id;
    const stale = await call(square, 'POST', `/v2/payments/${id}/complete`, { version_token: 'stale' });
    expect(stale.body.errors?.[0]?.code).toBe('VERSION_MISMATCH');
    const token = square.payments.get(id)!.version_token;
    expect((await call(square, 'POST', `/v2/payments/${id}/complete`, { version_token: token })).status).toBe(
      200,
    );
  });

  it('applies delay_action CANCEL when delay_duration runs out (then DELAYED_TRANSACTION_EXPIRED)', async () => {
    let now = new Date('2026-05-01T10:00:00.000Z');
    const square = await fake({ now: () => now });
    const payment = (await pay(square, { delay_duration: 'PT36H' })).body.payment!;
    expect(payment.delayed_until).toBe('2026-05-02T22:00:00.000Z');

    now = new Date('2026-05-02T22:00:00.000Z');
    const read = await call(square, 'GET', `/v2/payments/${payment.id}`);
    expect(read.body.payment).toMatchObject({ status: 'CANCELED', card_details: { status: 'VOIDED' } });
    const complete = await call(square, 'POST', `/v2/payments/${payment.id}/complete`, {});
    expect(complete.body.errors?.[0]?.code).toBe('DELAYED_TRANSACTION_EXPIRED');
  });
});

describe('CancelPaymentByIdempotencyKey', () => {
  it('cancels the payment made under the key, and answers {} when there is none', async () => {
    const square = await fake();
    const key = newKey();
    const id = (await pay(square, { idempotency_key: key })).body.payment!.id;

    const canceled = await call(square, 'POST', '/v2/payments/cancel', { idempotency_key: key });
    expect(canceled).toMatchObject({ status: 200, body: {} });
    expect(square.payments.get(id)?.status).toBe('CANCELED');

    const none = await call(square, 'POST', '/v2/payments/cancel', { idempotency_key: 'never-used' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
  });
});

describe('ListPayments', () => {
  it('pages through a time window, oldest first, with the cursor', async () => {
    let now = new Date('2026-05-10T00:00:00.000Z');
    const square = await fake({ locations: ['LMAIN0000AAAA', 'LSECOND000BBB'], now: () => now });
    const at = (iso: string, amount: number, location_id = 'LMAIN0000AAAA') =>
      square.chargeOutOfBand({ amount_money: { amount, currency: 'AUD' }, created_at: iso, location_id });
    at('2026-05-01T09:00:00.000Z', 100); // before the window
    const inWindow = [
      at('2026-05-01T10:00:00.000Z', 200),
      at('2026-05-01T11:00:00.000Z', 300),
      at('2026-05-01T12:00:00.000Z', 400),
      at('2026-05-01T13:00:00.000Z', 500),
      at('2026-05-01T14:00:00.000Z', 600),
    ];
    at('2026-05-01T12:30:00.000Z', 700, 'LSECOND000BBB'); // another location
    at('2026-05-01T15:00:00.000Z', 800); // at end_time: excluded
    square.pageSize = 2;
    now = new Date('2026-05-10T00:00:00.000Z');

    const seen: FakePayment[] = [];
    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({
        begin_time: '2026-05-01T10:00:00.000Z',
        end_time: '2026-05-01T15:00:00.000Z',
        sort_order: 'ASC',
        ...(cursor ? { cursor } : {}),
      });
      const { status, body } = await call(square, 'GET', `/v2/payments?${query}`);
      expect(status).toBe(200);
      seen.push(...(body.payments ?? []));
      pages.push(body.payments?.length ?? 0);
      cursor = body.cursor;
    } while (cursor);

    expect(pages).toEqual([2, 2, 1]);
    expect(seen.map((p) => p.id)).toEqual(inWindow.map((p) => p.id));

    const second = await call(square, 'GET', '/v2/payments?location_id=LSECOND000BBB');
    expect(second.body.payments?.map((p) => p.total_money.amount)).toEqual([700]);
    const newestFirst = await call(square, 'GET', '/v2/payments?limit=1');
    expect(newestFirst.body.payments?.map((p) => p.total_money.amount)).toEqual([800]);
    expect(newestFirst.body.cursor).toBeDefined();
  });

  it('answers {} when nothing matches, and refuses malformed parameters', async () => {
    const square = await fake();
    const empty = await call(square, 'GET', '/v2/payments');
    expect(empty).toMatchObject({ status: 200, body: {} });
    expect((await call(square, 'GET', '/v2/payments?begin_time=yesterday')).body.errors?.[0]?.code).toBe(
      'INVALID_TIME',
    );
    expect((await call(square, 'GET', '/v2/payments?sort_order=UP')).body.errors?.[0]?.code).toBe(
      'INVALID_SORT_ORDER',
    );
    expect((await call(square, 'GET', '/v2/payments?cursor=nonsense')).body.errors?.[0]?.code).toBe(
      'INVALID_CURSOR',
    );
    const range = await call(
      square,
      'GET',
      '/v2/payments?begin_time=2026-05-02T00:00:00Z&end_time=2026-05-01T00:00:00Z',
    );
    expect(range.body.errors?.[0]?.code).toBe('INVALID_TIME_RANGE');
  });
});

// ---------------------------------------------------------------- refunds

describe('RefundPayment', () => {
  async function completedPayment(square: FakeSquare, amount = 5000): Promise<FakePayment> {
    return (await pay(square, { autocomplete: true, amount_money: { amount, currency: 'AUD' } })).body
      .payment!;
  }

  it('refunds part of a COMPLETED payment (PENDING, documented shape) and refuses more than remains', async () => {
    const square = await fake();
    const payment = await completedPayment(square);
    const request = {
      idempotency_key: newKey(),
      amount_money: { amount: 2000, currency: 'AUD' },
      app_fee_money: { amount: 10, currency: 'AUD' },
      payment_id: payment.id,
      reason: 'Example',
    };
    const { status, body } = await call(square, 'POST', '/v2/refunds', request);

    expect(status).toBe(200);
    const refund = body.refund!;
    expect(sorted(refund)).toEqual(DOCUMENTED_REFUND_KEYS.filter((k) => k !== 'order_id'));
    expect(refund).toMatchObject({
      status: 'PENDING',
      payment_id: payment.id,
      location_id: payment.location_id,
      amount_money: { amount: 2000, currency: 'AUD' },
      reason: 'Example',
      unlinked: false,
      destination_type: 'CARD',
      destination_details: { card_details: { card: { last_4: '1111' }, entry_method: 'KEYED' } },
    });
    expect(refund.id.startsWith(`${payment.id}_`)).toBe(true);
    expect(square.payments.get(payment.id)).toMatchObject({
      refunded_money: { amount: 2000, currency: 'AUD' },
      refund_ids: [refund.id],
    });

    // The same request again: the same refund, nothing refunded twice.
    expect((await call(square, 'POST', '/v2/refunds', request)).body.refund?.id).toBe(refund.id);
    expect(square.refunds.size).toBe(1);

    const tooMuch = await call(square, 'POST', '/v2/refunds', {
      idempotency_key: newKey(),
      amount_money: { amount: 3001, currency: 'AUD' },
      payment_id: payment.id,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual([
      {
        category: 'REFUND_ERROR',
        code: 'REFUND_AMOUNT_INVALID',
        detail: 'The requested refund amount exceeds the amount available to refund.',
      },
    ]);
    const rest = await call(square, 'POST', '/v2/refunds', {
      idempotency_key: newKey(),
      amount_money: { amount: 3000, currency: 'AUD' },
      payment_id: payment.id,
    });
    expect(rest.status).toBe(200);
    expect(square.payments.get(payment.id)?.refunded_money?.amount).toBe(5000);
  });

  it('settles refunds through completeRefund; a FAILED one gives its amount back', async () => {
    const square = await fake();
    const payment = await completedPayment(square, 1000);
    const refundOf = async (amount: number) =>
      (
        await call(square, 'POST', '/v2/refunds', {
          idempotency_key: newKey(),
          amount_money: { amount, currency: 'AUD' },
          payment_id: payment.id,
        })
      ).body.refund!;

    const first = await refundOf(600);
    square.completeRefund(first.id);
    const read = await call(square, 'GET', `/v2/refunds/${first.id}`);
    expect(read.body.refund).toMatchObject({ id: first.id, status: 'COMPLETED' });

    const second = await refundOf(400);
    square.completeRefund(second.id, 'FAILED');
    expect(square.payments.get(payment.id)?.refunded_money?.amount).toBe(600);
    expect((await refundOf(400)).status).toBe('PENDING');
  });

  it('refuses to refund a payment that is not COMPLETED, and an unknown payment', async () => {
    const square = await fake();
    const approved = (await pay(square)).body.payment!;
    const notCompleted = await call(square, 'POST', '/v2/refunds', {
      idempotency_key: newKey(),
      amount_money: { amount: 100, currency: 'AUD' },
      payment_id: approved.id,
    });
    expect(notCompleted.status).toBe(400);
    expect(notCompleted.body.errors?.[0]).toMatchObject({
      category: 'REFUND_ERROR',
      code: 'PAYMENT_NOT_REFUNDABLE',
    });

    const unknown = await call(square, 'POST', '/v2/refunds', {
      idempotency_key: newKey(),
      amount_money: { amount: 100, currency: 'AUD' },
      payment_id: 'nope',
    });
    expect(unknown.status).toBe(404);
    expect((await call(square, 'GET', '/v2/refunds/nope')).status).toBe(404);
  });
});

// ---------------------------------------------------------------- device codes

describe('device codes', () => {
  it('creates a code as documented, pairs it, and answers it PAIRED', async () => {
    let now = new Date('2020-02-06T18:44:33.000Z');
    const square = await fake({ locations: ['B5E4484SHHNYH'], now: () => now });
    // The example request of legacy/doc/api/devices.md.
    const created = await call(square, 'POST', '/v2/devices/codes', {
      idempotency_key: '01bb00a6-0c86-4770-94ed-f5fca973cd56',
      device_code: { product_type: 'TERMINAL_API', name: 'Counter 1', location_id: 'B5E4484SHHNYH' },
    });

    expect(created.status).toBe(200);
    const code = created.body.device_code!;
    expect(sorted(code)).toEqual(sorted(DOCUMENTED_DEVICE_CODE));
    expect(code).toMatchObject({
      ...DOCUMENTED_DEVICE_CODE,
      id: expect.stringMatching(/^[A-Z0-9]{13}$/),
      code: expect.stringMatching(/^[A-Z]{6}$/),
    });

    now = new Date('2020-02-06T18:47:28.000Z');
    square.pairDeviceCode(code.id, '907CS13101300122');
    const read = await call(square, 'GET', `/v2/devices/codes/${code.id}`);
    // legacy/doc/models/get-device-code-response.md, plus paired_at (DeviceCode model).
    expect(read.body.device_code).toEqual({
      ...code,
      device_id: '907CS13101300122',
      status: 'PAIRED',
      status_changed_at: '2020-02-06T18:47:28.000Z',
      paired_at: '2020-02-06T18:47:28.000Z',
    });
  });

  it('expires an unused code at pair_by, and refuses an unknown location', async () => {
    let now = new Date('2026-05-01T10:00:00.000Z');
    const square = await fake({ now: () => now });
    const created = await call(square, 'POST', '/v2/devices/codes', {
      idempotency_key: newKey(),
      device_code: { product_type: 'TERMINAL_API', location_id: square.mainLocationId },
    });
    now = new Date('2026-05-01T10:05:00.000Z');
    const read = await call(square, 'GET', `/v2/devices/codes/${created.body.device_code!.id}`);
    expect(read.body.device_code).toMatchObject({
      status: 'EXPIRED',
      status_changed_at: '2026-05-01T10:05:00.000Z',
    });

    const unknown = await call(square, 'POST', '/v2/devices/codes', {
      idempotency_key: newKey(),
      device_code: { product_type: 'TERMINAL_API', location_id: 'LNOWHERE00000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' });
    const noProduct = await call(square, 'POST', '/v2/devices/codes', {
      idempotency_key: newKey(),
      device_code: { location_id: square.mainLocationId },
    });
    expect(noProduct.body.errors?.[0]).toMatchObject({
      code: 'BAD_REQUEST',
      detail: 'DeviceCode must contain a product_type',
    });
  });
});

// ---------------------------------------------------------------- auth and failures

describe('authentication and injected failures', () => {
  it('refuses a request without the access token (401 UNAUTHORIZED)', async () => {
    const square = await fake({ accessToken: 'EAAA-test' });
    for (const token of [null, 'wrong']) {
      const { status, body } = await call(square, 'GET', '/v2/payments', undefined, token);
      expect(status).toBe(401);
      expect(body.errors).toEqual([
        { category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: expect.any(String) },
      ]);
    }
    expect((await call(square, 'GET', '/v2/payments', undefined, 'EAAA-test')).status).toBe(200);
  });

  it('rate limits (429 RATE_LIMITED, Retry-After), errs (500, 503), and only the matching requests', async () => {
    const square = await fake();
    square.failNext('rate_limited', {
      times: 2,
      method: 'POST',
      path: /^\/v2\/payments$/,
      retryAfterSeconds: 3,
    });
    expect((await call(square, 'GET', '/v2/payments')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const limited = await pay(square);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
      expect(limited.body.errors).toEqual([
        { category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED', detail: expect.any(String) },
      ]);
    }
    expect((await pay(square)).status).toBe(200);

    square.failNext('server_error');
    square.failNext('unavailable');
    square.failNext('unauthorized');
    const errored = await call(square, 'GET', '/v2/payments');
    expect(errored.status).toBe(500);
    expect(errored.body.errors?.[0]).toMatchObject({ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' });
    const unavailable = await call(square, 'GET', '/v2/payments');
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.errors?.[0]).toMatchObject({
      category: 'API_ERROR',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await call(square, 'GET', '/v2/payments')).status).toBe(401);
    expect(square.payments.size).toBe(1);
  });

  it('lost_answer charges, drops the answer, and the retry with the same key finds the payment', async () => {
    const square = await fake();
    const request = {
      source_id: SANDBOX_SOURCE_IDS.ok,
      idempotency_key: newKey(),
      amount_money: { amount: 990, currency: 'AUD' },
      autocomplete: false,
    };
    square.failNext('lost_answer');
    await expect(call(square, 'POST', '/v2/payments', request)).rejects.toThrow();
    expect(square.payments.size).toBe(1);
    const [charged] = square.payments.values();

    const retried = await call(square, 'POST', '/v2/payments', request);
    expect(retried.body.payment?.id).toBe(charged?.id);
    expect(square.payments.size).toBe(1);
    expect(square.requests.filter((r) => r.path === '/v2/payments')).toHaveLength(2);
  });

  it('timeout leaves the request unanswered, doing nothing, until the caller gives up', async () => {
    const square = await fake({ latencyMs: 5 });
    square.failNext('timeout');
    const hung = fetch(`${square.url}/v2/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${square.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source_id: SANDBOX_SOURCE_IDS.ok, idempotency_key: newKey() }),
      signal: AbortSignal.timeout(100),
    });
    await expect(hung).rejects.toThrow();
    expect(square.payments.size).toBe(0);
    expect(square.requests).toHaveLength(1);
  });

  it('close() releases a request left hanging', async () => {
    const square = await startFakeSquare();
    square.failNext('timeout');
    const hung = call(square, 'GET', '/v2/payments');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await square.close();
    await expect(hung).rejects.toThrow();
  });
});

// ---------------------------------------------------------------- webhooks

/** The signature, computed here independently: base64 HMAC-SHA256 of notification URL + raw body. */
const hmac = (key: string, url: string, raw: string) =>
  createHmac('sha256', key)
    .update(url + raw)
    .digest('base64');

describe('webhooks', () => {
  it('signs exactly as the SDK WebhooksHelper verifies (its published test vectors)', async () => {
    const square = await fake({ webhookSignatureKey: 'Ibxx_5AKakO-3qeNVR61Dw' });
    const body =
      '{"merchant_id":"MLEFBHHSJGVHD","type":"webhooks.test_notification","event_id":"ac3ac95b-f97d-458c-a6e6-18981597e05f","created_at":"2022-07-13T20:30:59.037339943Z","data":{"type":"webhooks","id":"bc368e64-01aa-407e-b46e-3231809b1129"}}';
    const url = 'https://webhook.site/679a4f3a-dcfa-49ee-bac5-9d0edad886b9';
    expect(square.sign(url, body)).toBe('GF4YkrJgGBDZ9NIYbNXBnMzqb2HoL4RW/S6vkZ9/2N4=');
    expect(square.sign(url, body)).toBe(hmac('Ibxx_5AKakO-3qeNVR61Dw', url, body));

    const other = await fake({ webhookSignatureKey: 'signature-key' });
    const hooks = 'https://webhook.site/webhooks';
    expect(other.sign(hooks, '{"data":{"type":"webhooks","id":"fake_id"}}')).toBe(
      'W3FlCNk5IA3ZQ2LHTWoajvzfaDu/OwY2tNHIHC3IUOA=',
    );
    expect(other.sign(hooks, '{"data":{"type":"webhooks","id":">id<"}}')).toBe(
      'Cxt7+aTi4rKgcA0bC4g9EHdVtLSDWdqccmL5MvihU4U=',
    );
  });

  it('builds the documented envelopes (data.type, data.object key; location_id for device codes)', async () => {
    const square = await fake();
    const payment = (await pay(square)).body.payment!;
    const paymentEvent = square.event('payment.updated', payment);
    expect(paymentEvent).toEqual({
      merchant_id: square.merchantId,
      type: 'payment.updated',
      event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.any(String),
      data: { type: 'payment', id: payment.id, object: { payment } },
    });

    const completed = (await call(square, 'POST', `/v2/payments/${payment.id}/complete`, {})).body.payment!;
    const refund = (
      await call(square, 'POST', '/v2/refunds', {
        idempotency_key: newKey(),
        amount_money: { amount: 100, currency: 'AUD' },
        payment_id: completed.id,
      })
    ).body.refund!;
    expect(square.event('refund.updated', refund).data).toEqual({
      type: 'refund',
      id: refund.id,
      object: { refund },
    });

    const code = (
      await call(square, 'POST', '/v2/devices/codes', {
        idempotency_key: newKey(),
        device_code: { product_type: 'TERMINAL_API', location_id: square.mainLocationId },
      })
    ).body.device_code!;
    const paired = square.event('device.code.paired', square.pairDeviceCode(code.id));
    expect(paired).toMatchObject({
      location_id: square.mainLocationId,
      type: 'device.code.paired',
      data: { type: 'device_code', id: code.id, object: { device_code: { id: code.id, status: 'PAIRED' } } },
    });
    expect(Object.keys(paired)).toEqual([
      'merchant_id',
      'location_id',
      'type',
      'event_id',
      'created_at',
      'data',
    ]);
  });

  it('delivers signed, duplicated deliveries with the documented headers', async () => {
    const square = await fake({ webhookSignatureKey: 'whsec-test' });
    const target = await receiver(200);
    const notificationUrl = 'https://kitchaco.example/api/webhooks/square';
    const payment = (await pay(square)).body.payment!;
    const event = square.event('payment.updated', payment);

    const statuses = await square.deliver(target.url, notificationUrl, event, { times: 2 });

    expect(statuses).toEqual([200, 200]);
    expect(target.received).toHaveLength(2);
    const [first, second] = target.received;
    expect(first?.raw).toBe(JSON.stringify(event));
    expect(second?.raw).toBe(first?.raw);
    expect(first?.headers['x-square-hmacsha256-signature']).toBe(
      hmac('whsec-test', notificationUrl, first?.raw ?? ''),
    );
    expect(first?.headers['square-environment']).toBe('Sandbox');
    expect(first?.headers['square-initial-delivery-timestamp']).toBeDefined();
    expect(first?.headers['square-retry-number']).toBeUndefined();
    expect(second?.headers['square-retry-number']).toBe('1');
  });

  it('autoWebhooks sends payment, refund and device code events in order', async () => {
    const target = await receiver(200);
    const square = await fake({ autoWebhooks: { targetUrl: target.url } });
    const id = (await pay(square)).body.payment!.id;
    await call(square, 'POST', `/v2/payments/${id}/complete`, {});
    const refund = (
      await call(square, 'POST', '/v2/refunds', {
        idempotency_key: newKey(),
        amount_money: { amount: 500, currency: 'AUD' },
        payment_id: id,
      })
    ).body.refund!;
    square.completeRefund(refund.id);
    const code = (
      await call(square, 'POST', '/v2/devices/codes', {
        idempotency_key: newKey(),
        device_code: { product_type: 'TERMINAL_API', location_id: square.mainLocationId },
      })
    ).body.device_code!;
    square.pairDeviceCode(code.id);
    await square.webhooksSettled();

    const events = target.received.map((r) => JSON.parse(r.raw) as SquareEvent);
    expect(events.map((e) => e.type)).toEqual([
      'payment.created',
      'payment.updated',
      'refund.created',
      'payment.updated',
      'refund.updated',
      'device.code.paired',
    ]);
    expect(events[1]?.data.object.payment?.status).toBe('COMPLETED');
    expect(events[3]?.data.object.payment?.refunded_money?.amount).toBe(500);
    expect(events[4]?.data.object.refund?.status).toBe('COMPLETED');
    for (const r of target.received) {
      expect(r.headers['x-square-hmacsha256-signature']).toBe(
        hmac(square.webhookSignatureKey, target.url, r.raw),
      );
    }
    expect(square.deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
