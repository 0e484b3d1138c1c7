import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-server.js';

/**
 * A fake of Square's REST API (v2) for server tests: card payments, refunds, reconciliation
 * (ListPayments) and Square Terminal pairing (device codes), in memory, on 127.0.0.1.
 *
 * Every shape here comes from Square's published documentation; nothing is our own:
 * - objects and requests: the official Node SDK's model docs (square/square-nodejs-sdk,
 *   legacy/doc/models/{payment,card-payment-details,card,payment-refund,device-code,error,
 *   error-code,create-payment-request,refund-payment-request,create-device-code-request}.md and the
 *   example responses beside them), mirrored from https://developer.squareup.com/reference/square;
 * - errors: https://developer.squareup.com/docs/build-basics/handling-errors (the `{ errors: [{
 *   category, code, detail?, field? }] }` envelope, HTTP 400-599, NOT_FOUND as 404),
 *   https://developer.squareup.com/docs/payments-api/error-codes (`detail` of a decline:
 *   "Authorization error: 'CODE'") and https://developer.squareup.com/reference/square/objects/ErrorCode;
 * - sandbox payment tokens: https://developer.squareup.com/docs/devtools/sandbox/payments;
 * - idempotency: https://developer.squareup.com/docs/working-with-apis/idempotency (same key and
 *   same request: the first answer again; same key, changed request: IDEMPOTENCY_KEY_REUSED);
 * - refunds: https://developer.squareup.com/docs/payments-api/refund-payments (COMPLETED payments
 *   only, never more than was collected);
 * - webhooks: https://developer.squareup.com/docs/webhooks/step2subscribe (delivery headers),
 *   https://developer.squareup.com/docs/webhooks/step3validate and the SDK's
 *   src/wrapper/WebhooksHelper.ts (base64 HMAC-SHA256 of notification URL + raw body), the event
 *   pages https://developer.squareup.com/reference/square/webhooks/payment.updated,
 *   .../refund.updated, .../device.code.paired and the SDK's src/api/types/*Event*.ts.
 *
 * Where the documentation leaves a behaviour open, the choice is written beside it ("Choice:").
 */

// ---------------------------------------------------------------- wire shapes (Square's names)

/** https://developer.squareup.com/reference/square/objects/Money */
export interface Money {
  amount: number;
  currency: string;
}

/** https://developer.squareup.com/reference/square/objects/Error */
export interface SquareError {
  category: string;
  code: string;
  detail?: string;
  field?: string;
}

/** https://developer.squareup.com/reference/square/objects/Card (the fields the Payments API returns). */
export interface FakeCard {
  card_brand: string;
  last_4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  card_type: string;
  prepaid_type: string;
  bin: string;
}

/** https://developer.squareup.com/reference/square/objects/CardPaymentDetails */
export interface FakeCardPaymentDetails {
  status: 'AUTHORIZED' | 'CAPTURED' | 'VOIDED' | 'FAILED';
  card: FakeCard;
  entry_method: 'KEYED';
  cvv_status: 'CVV_ACCEPTED' | 'CVV_REJECTED' | 'CVV_NOT_CHECKED';
  avs_status: 'AVS_ACCEPTED' | 'AVS_REJECTED' | 'AVS_NOT_CHECKED';
  auth_result_code?: string;
  statement_description: string;
  card_payment_timeline?: { authorized_at?: string; captured_at?: string; voided_at?: string };
  errors?: SquareError[];
}

export type PaymentStatus = 'APPROVED' | 'PENDING' | 'COMPLETED' | 'CANCELED' | 'FAILED';

/** https://developer.squareup.com/reference/square/objects/Payment */
export interface FakePayment {
  id: string;
  created_at: string;
  updated_at: string;
  amount_money: Money;
  tip_money?: Money;
  total_money: Money;
  app_fee_money?: Money;
  approved_money?: Money;
  refunded_money?: Money;
  status: PaymentStatus;
  delay_duration: string;
  delay_action: 'CANCEL' | 'COMPLETE';
  delayed_until: string;
  source_type: 'CARD';
  card_details: FakeCardPaymentDetails;
  location_id: string;
  order_id?: string;
  reference_id?: string;
  customer_id?: string;
  note?: string;
  buyer_email_address?: string;
  refund_ids?: string[];
  risk_evaluation?: { created_at: string; risk_level: 'NORMAL' };
  /** "The field is missing if a payment is canceled." */
  receipt_number?: string;
  /** "The field is only populated for COMPLETED payments." */
  receipt_url?: string;
  application_details: { square_product: 'ECOMMERCE_API'; application_id: string };
  version_token: string;
}

export type RefundStatus = 'PENDING' | 'COMPLETED' | 'REJECTED' | 'FAILED';

/** https://developer.squareup.com/reference/square/objects/PaymentRefund */
export interface FakeRefund {
  id: string;
  status: RefundStatus;
  location_id: string;
  unlinked: false;
  destination_type: 'CARD';
  destination_details: {
    card_details: { card: FakeCard; entry_method: 'KEYED'; auth_result_code: string };
  };
  amount_money: Money;
  app_fee_money?: Money;
  payment_id: string;
  order_id?: string;
  reason?: string;
  created_at: string;
  updated_at: string;
}

/** https://developer.squareup.com/reference/square/objects/DeviceCode */
export interface FakeDeviceCode {
  id: string;
  name?: string;
  code: string;
  device_id?: string;
  product_type: 'TERMINAL_API';
  location_id: string;
  status: 'UNPAIRED' | 'PAIRED' | 'EXPIRED';
  pair_by: string;
  created_at: string;
  status_changed_at: string;
  paired_at?: string;
}

/** The events this fake publishes, and the object each carries (SDK src/api/types/*Event*.ts). */
export interface SquareEventObjects {
  'payment.created': FakePayment;
  'payment.updated': FakePayment;
  'refund.created': FakeRefund;
  'refund.updated': FakeRefund;
  'device.code.paired': FakeDeviceCode;
}
export type SquareEventType = keyof SquareEventObjects;

/**
 * A webhook event notification: `{ merchant_id, type, event_id, created_at, data: { type, id,
 * object: { payment | refund | device_code } } }`. Only device.code.paired carries `location_id`
 * (https://developer.squareup.com/reference/square/webhooks/device.code.paired).
 */
export interface SquareEvent {
  merchant_id: string;
  location_id?: string;
  type: SquareEventType;
  event_id: string;
  created_at: string;
  data: {
    type: 'payment' | 'refund' | 'device_code';
    id: string;
    object: { payment?: FakePayment; refund?: FakeRefund; device_code?: FakeDeviceCode };
  };
}

// ---------------------------------------------------------------- the fake's own controls

export interface FakeSquareOptions {
  /** The only access token accepted (`Authorization: Bearer …`). Default 'fake-square-token'. */
  accessToken?: string;
  /** The webhook subscription's signature key. Default 'fake-square-signature-key'. */
  webhookSignatureKey?: string;
  /** Delay before each answer, in milliseconds. Default 0. */
  latencyMs?: number;
  /** The seller's locations; the first is the main location, used when a request names none. */
  locations?: string[];
  /** `merchant_id` of webhook events. */
  merchantId?: string;
  /** Sends webhooks by itself as objects change (see `autoWebhooks`). */
  autoWebhooks?: AutoWebhooks;
  /** The clock (created_at, delays, pair_by); tests may move it. */
  now?: () => Date;
  /** Every location id is the seller's (benchmarks and soaks against a seeded demo). Default false. */
  acceptAnyLocation?: boolean;
  /** Keep each request in `requests` (default true; off under a benchmark's load). */
  recordRequests?: boolean;
  /** Names of the seller's locations by id, as ListLocations answers them (default "Location <id>"). */
  locationNames?: Record<string, string>;
}

export interface AutoWebhooks {
  /** Where the events are POSTed. */
  targetUrl: string;
  /** The subscription's notification URL, which is signed; default: `targetUrl`. */
  notificationUrl?: string;
}

/**
 * What the next matching request(s) suffer instead of an answer:
 * - 'unauthorized' 401 UNAUTHORIZED, 'rate_limited' 429 RATE_LIMITED with Retry-After,
 *   'server_error' 500 INTERNAL_SERVER_ERROR, 'unavailable' 503 SERVICE_UNAVAILABLE (nothing done);
 * - 'timeout': no answer until the fake is closed (nothing done);
 * - 'lost_answer': the operation is performed, then the connection is dropped unanswered (a charge
 *   the caller never heard of).
 */
export type FakeSquareFailure =
  | 'unauthorized'
  | 'rate_limited'
  | 'server_error'
  | 'unavailable'
  | 'timeout'
  | 'lost_answer';

export interface FailNextOptions {
  /** How many matching requests fail. Default 1. */
  times?: number;
  /** Only requests of this method ('GET', 'POST'). */
  method?: string;
  /** Only requests whose path (without the query) matches. */
  path?: RegExp;
  /** Retry-After of 'rate_limited', in seconds. Default 1. */
  retryAfterSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  /** The path without its query string. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface WebhookDelivery {
  event: SquareEvent;
  /** The receiver's HTTP status, or the error when it could not be reached. */
  status?: number;
  error?: string;
}

/** A payment made outside CreatePayment (on a terminal, or in the past for reconciliation). */
export interface OutOfBandCharge {
  amount_money: Money;
  /** Default COMPLETED. */
  status?: 'APPROVED' | 'COMPLETED';
  location_id?: string;
  reference_id?: string;
  note?: string;
  /** Default: the fake's clock. */
  created_at?: Date | string;
  /** Registers the payment under this key, as CreatePayment would (CancelPaymentByIdempotencyKey). */
  idempotency_key?: string;
}

// ---------------------------------------------------------------- documented constants

/** Square's sandbox payment tokens (https://developer.squareup.com/docs/devtools/sandbox/payments). */
export const SANDBOX_SOURCE_IDS = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  rejectedCvv: 'cnon:card-nonce-rejected-cvv',
  rejectedPostalCode: 'cnon:card-nonce-rejected-postalcode',
  rejectedExpiration: 'cnon:card-nonce-rejected-expiration',
  alreadyUsed: 'cnon:card-nonce-already-used',
} as const;

type SandboxOutcome =
  | { kind: 'ok' }
  | {
      kind: 'decline';
      code: string;
      cvv: FakeCardPaymentDetails['cvv_status'];
      avs: FakeCardPaymentDetails['avs_status'];
    }
  | { kind: 'used' };

const SANDBOX_OUTCOMES: Record<string, SandboxOutcome> = {
  [SANDBOX_SOURCE_IDS.ok]: { kind: 'ok' },
  [SANDBOX_SOURCE_IDS.declined]: {
    kind: 'decline',
    code: 'GENERIC_DECLINE',
    cvv: 'CVV_ACCEPTED',
    avs: 'AVS_ACCEPTED',
  },
  [SANDBOX_SOURCE_IDS.rejectedCvv]: {
    kind: 'decline',
    code: 'CVV_FAILURE',
    cvv: 'CVV_REJECTED',
    avs: 'AVS_ACCEPTED',
  },
  [SANDBOX_SOURCE_IDS.rejectedPostalCode]: {
    kind: 'decline',
    code: 'ADDRESS_VERIFICATION_FAILURE',
    cvv: 'CVV_ACCEPTED',
    avs: 'AVS_REJECTED',
  },
  [SANDBOX_SOURCE_IDS.rejectedExpiration]: {
    kind: 'decline',
    code: 'INVALID_EXPIRATION',
    cvv: 'CVV_ACCEPTED',
    avs: 'AVS_ACCEPTED',
  },
  [SANDBOX_SOURCE_IDS.alreadyUsed]: { kind: 'used' },
};

/** The location of the SDK docs' examples (create-payment-response.md). */
const DEFAULT_LOCATION_ID = 'L88917AVBK2S5';
/** The merchant of the SDK's webhook signature test (tests/integration/webhooks.test.ts). */
const DEFAULT_MERCHANT_ID = 'MLEFBHHSJGVHD';
const APPLICATION_ID = 'sandbox-sq0idb-fake-square-application';
/**
 * Choice: Payment.delay_duration says card-not-present payments default to "P7D", while every
 * documented response example carries "PT168H" (the same 7 days); the fake answers as the examples.
 */
const DEFAULT_DELAY_DURATION = 'PT168H';
/** The statement description of the documented payment examples. */
const STATEMENT_DESCRIPTION = 'SQ *EXAMPLE TEST GOSQ.C';
/** The sandbox Visa of the documented payment examples. */
const SANDBOX_FINGERPRINT = 'sq-1-Hxim77tbdcbGejOejnoAklBVJed2YFLTmirfl8Q5XZzObTc8qY_U8RkwzoNL8dCEcQ';
/** A device code can be used for 5 minutes (create-device-code-response.md: pair_by = created_at + 5 min). */
const PAIR_WINDOW_MS = 5 * 60_000;
/** ListPayments: "The default value of 100 is also the maximum allowed value." */
const MAX_PAGE = 100;
const YEAR_MS = 365 * 24 * 3_600_000;

// ---------------------------------------------------------------- small helpers

type JsonObject = { [key: string]: unknown };

interface Answer {
  status: number;
  body: JsonObject;
  headers?: Record<string, string>;
}

/** A request Square refuses: thrown by a handler, answered as the error envelope. */
class SquareFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: SquareError[],
  ) {
    super(errors[0]?.detail ?? errors[0]?.code ?? 'Square error');
  }
}

function error(category: string, code: string, detail: string, field?: string): SquareError {
  return field === undefined ? { category, code, detail } : { category, code, detail, field };
}

const invalid = (code: string, detail: string, field?: string) =>
  new SquareFailure(400, [error('INVALID_REQUEST_ERROR', code, detail, field)]);
const notFound = (detail: string, field?: string) =>
  new SquareFailure(404, [error('INVALID_REQUEST_ERROR', 'NOT_FOUND', detail, field)]);
const refundError = (code: string, detail: string) =>
  new SquareFailure(400, [error('REFUND_ERROR', code, detail)]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same JSON whatever the order of its keys: two requests are "the same" when this matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randomString(length: number, alphabet = ALPHANUMERIC): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet.charAt(randomInt(alphabet.length));
  return out;
}

/** Square limits keys in characters of UTF-8 ("might be less … if multi-byte characters are used"). */
function byteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

function optionalString(
  body: JsonObject,
  field: string,
  path: string,
  maxBytes?: number,
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw invalid('EXPECTED_STRING', `Expected a string value for \`${path}\`.`, path);
  if (maxBytes !== undefined && byteLength(value) > maxBytes) {
    throw invalid('VALUE_TOO_LONG', `Field must not be greater than ${maxBytes} length`, path);
  }
  return value;
}

function requiredString(body: JsonObject, field: string, path: string, maxBytes?: number): string {
  const value = optionalString(body, field, path, maxBytes);
  if (value === undefined) throw invalid('MISSING_REQUIRED_PARAMETER', `Field must be set`, path);
  if (value.length < 1) throw invalid('VALUE_TOO_SHORT', `Field must not be less than 1 length`, path);
  return value;
}

function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean')
    throw invalid('EXPECTED_BOOLEAN', `Expected a boolean value for \`${field}\`.`, field);
  return value;
}

/** A Money field: `amount` an integer in the smallest unit (at least `min`), `currency` ISO 4217. */
function readMoney(value: unknown, path: string, min = 1): Money {
  if (value === undefined || value === null)
    throw invalid('MISSING_REQUIRED_PARAMETER', `Field must be set`, path);
  if (!isObject(value)) throw invalid('EXPECTED_OBJECT', `Expected an object for \`${path}\`.`, path);
  const { amount, currency } = value;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) {
    throw invalid('EXPECTED_INTEGER', `Expected an integer value for \`${path}.amount\`.`, `${path}.amount`);
  }
  if (amount < min) throw invalid('VALUE_TOO_LOW', `Must be at least ${min}.`, `${path}.amount`);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalid(
      'INVALID_ENUM_VALUE',
      `\`${String(currency)}\` is not a valid currency.`,
      `${path}.currency`,
    );
  }
  return { amount, currency };
}

/** An RFC 3339 duration as Square writes them (P7D, PT168H, PT36H, PT5M…), in milliseconds. */
function durationMs(value: string): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return null;
  const [, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return ((((days ?? 0) * 24 + (hours ?? 0)) * 60 + (minutes ?? 0)) * 60 + (seconds ?? 0)) * 1000;
}

/** An RFC 3339 timestamp of a query parameter (INVALID_TIME when malformed). */
function readTime(query: URLSearchParams, name: string): Date | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const parsed = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(parsed.getTime())) throw invalid('INVALID_TIME', `Invalid \`${name}\` \`${raw}\`.`, name);
  return parsed;
}

const clone = <T>(value: T): T => structuredClone(value);

// ---------------------------------------------------------------- the fake

interface Remembered {
  fingerprint: string;
  answer: Answer;
}

interface FailureRule {
  failure: FakeSquareFailure;
  remaining: number;
  method?: string;
  path?: RegExp;
  retryAfterSeconds: number;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (params: string[], body: JsonObject, query: URLSearchParams) => Answer;
}

export class FakeSquare extends FakeHttpServer {
  /** Base URL, e.g. http://127.0.0.1:54321 (requests go to `${url}/v2/...`). */
  readonly accessToken: string;
  readonly webhookSignatureKey: string;
  readonly merchantId: string;
  /** The seller's locations; requests naming another get NOT_FOUND. */
  readonly locations: Set<string>;
  readonly mainLocationId: string;
  latencyMs: number;
  /** The page size of ListPayments (at most what `limit` asks; tests lower it to force pages). */
  pageSize = MAX_PAGE;
  now: () => Date;
  autoWebhooks: AutoWebhooks | null;

  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly deviceCodes = new Map<string, FakeDeviceCode>();
  readonly requests: RecordedRequest[] = [];
  /** Deliveries made by `autoWebhooks`, in order. */
  readonly deliveries: WebhookDelivery[] = [];

  private readonly failures: FailureRule[] = [];
  private webhookQueue: Promise<void> = Promise.resolve();
  /** Idempotency, per endpoint: key → the request's fingerprint and the first answer. */
  private readonly paymentKeys = new Map<string, Remembered>();
  private readonly refundKeys = new Map<string, Remembered>();
  private readonly deviceCodeKeys = new Map<string, Remembered>();
  /** CancelPaymentByIdempotencyKey: key → payment. */
  private readonly paymentIdByKey = new Map<string, string>();
  /** Authorised payments (APPROVED) whose delay may run out: what `settle` looks at. */
  private readonly awaiting = new Set<string>();
  /** When the earliest of them is due. */
  private nextDue = Number.POSITIVE_INFINITY;
  /** Payments whose delay_action CANCEL was applied by the clock (their time ran out). */
  private readonly expired = new Set<string>();
  private readonly routes: Route[];

  private readonly acceptAnyLocation: boolean;
  private readonly recordRequests: boolean;
  private readonly locationNames: Record<string, string>;

  /** Whether a location is the seller's (with `acceptAnyLocation`, any becomes one). */
  private knows(locationId: string): boolean {
    if (this.acceptAnyLocation) this.locations.add(locationId);
    return this.locations.has(locationId);
  }

  constructor(options: FakeSquareOptions = {}) {
    super();
    this.acceptAnyLocation = options.acceptAnyLocation ?? false;
    this.recordRequests = options.recordRequests ?? true;
    this.locationNames = options.locationNames ?? {};
    this.accessToken = options.accessToken ?? 'fake-square-token';
    this.webhookSignatureKey = options.webhookSignatureKey ?? 'fake-square-signature-key';
    this.latencyMs = options.latencyMs ?? 0;
    const locations = options.locations?.length ? options.locations : [DEFAULT_LOCATION_ID];
    this.locations = new Set(locations);
    this.mainLocationId = locations[0] ?? DEFAULT_LOCATION_ID;
    this.merchantId = options.merchantId ?? DEFAULT_MERCHANT_ID;
    this.autoWebhooks = options.autoWebhooks ?? null;
    this.now = options.now ?? (() => new Date());
    this.routes = [
      // https://developer.squareup.com/reference/square/locations-api/list-locations
      { method: 'GET', pattern: /^\/v2\/locations$/, handle: () => this.listLocations() },
      // https://developer.squareup.com/reference/square/payments-api/list-payments
      { method: 'GET', pattern: /^\/v2\/payments$/, handle: (_p, _b, query) => this.listPayments(query) },
      // https://developer.squareup.com/reference/square/payments-api/create-payment
      { method: 'POST', pattern: /^\/v2\/payments$/, handle: (_p, body) => this.createPayment(body) },
      // https://developer.squareup.com/reference/square/payments-api/cancel-payment-by-idempotency-key
      { method: 'POST', pattern: /^\/v2\/payments\/cancel$/, handle: (_p, body) => this.cancelByKey(body) },
      // https://developer.squareup.com/reference/square/payments-api/get-payment
      { method: 'GET', pattern: /^\/v2\/payments\/([^/]+)$/, handle: ([id]) => this.getPayment(id ?? '') },
      // https://developer.squareup.com/reference/square/payments-api/complete-payment
      {
        method: 'POST',
        pattern: /^\/v2\/payments\/([^/]+)\/complete$/,
        handle: ([id], body) => this.completePayment(id ?? '', body),
      },
      // https://developer.squareup.com/reference/square/payments-api/cancel-payment
      {
        method: 'POST',
        pattern: /^\/v2\/payments\/([^/]+)\/cancel$/,
        handle: ([id]) => ({
          status: 200,
          body: { payment: this.cancelPayment(this.findPayment(id ?? '')) },
        }),
      },
      // https://developer.squareup.com/reference/square/refunds-api/refund-payment
      { method: 'POST', pattern: /^\/v2\/refunds$/, handle: (_p, body) => this.refundPayment(body) },
      // https://developer.squareup.com/reference/square/refunds-api/get-payment-refund
      { method: 'GET', pattern: /^\/v2\/refunds\/([^/]+)$/, handle: ([id]) => this.getRefund(id ?? '') },
      // https://developer.squareup.com/reference/square/devices-api/create-device-code
      {
        method: 'POST',
        pattern: /^\/v2\/devices\/codes$/,
        handle: (_p, body) => this.createDeviceCode(body),
      },
      // https://developer.squareup.com/reference/square/devices-api/get-device-code
      {
        method: 'GET',
        pattern: /^\/v2\/devices\/codes\/([^/]+)$/,
        handle: ([id]) => this.getDeviceCode(id ?? ''),
      },
    ];
  }

  // ---------------------------------------------------------------- test controls

  /** Makes the next matching request(s) fail the given way (see FakeSquareFailure). */
  failNext(failure: FakeSquareFailure, options: FailNextOptions = {}): void {
    this.failures.push({
      failure,
      remaining: options.times ?? 1,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      ...(options.method ? { method: options.method.toUpperCase() } : {}),
      ...(options.path ? { path: options.path } : {}),
    });
  }

  /** Creates a payment directly, as if taken elsewhere (a terminal, another app) or earlier. */
  chargeOutOfBand(charge: OutOfBandCharge): FakePayment {
    const locationId = charge.location_id ?? this.mainLocationId;
    if (!this.knows(locationId)) throw new Error(`FakeSquare: unknown location ${locationId}`);
    const createdAt = charge.created_at === undefined ? this.now() : new Date(charge.created_at);
    const payment = this.buildPayment({
      amount: charge.amount_money,
      locationId,
      autocomplete: (charge.status ?? 'COMPLETED') === 'COMPLETED',
      delayAction: 'CANCEL',
      delayDuration: DEFAULT_DELAY_DURATION,
      createdAt,
      outcome: { kind: 'ok' },
      referenceId: charge.reference_id,
      note: charge.note,
    });
    if (charge.idempotency_key) this.paymentIdByKey.set(charge.idempotency_key, payment.id);
    this.emit('payment.created', payment);
    return payment;
  }

  /** The Terminal signed in with the code: PAIRED, with its device_id (device.code.paired). */
  pairDeviceCode(id: string, deviceId = randomString(16, UPPER_ALPHANUMERIC)): FakeDeviceCode {
    this.settle();
    const code = this.deviceCodes.get(id);
    if (!code) throw new Error(`FakeSquare: no device code ${id}`);
    if (code.status !== 'UNPAIRED') throw new Error(`FakeSquare: device code ${id} is ${code.status}`);
    const at = this.stamp();
    code.status = 'PAIRED';
    code.device_id = deviceId;
    code.paired_at = at;
    code.status_changed_at = at;
    this.emit('device.code.paired', code);
    return code;
  }

  /** The code's pair_by passed without a Terminal using it: EXPIRED. */
  expireDeviceCode(id: string): FakeDeviceCode {
    const code = this.deviceCodes.get(id);
    if (!code) throw new Error(`FakeSquare: no device code ${id}`);
    if (code.status !== 'UNPAIRED') throw new Error(`FakeSquare: device code ${id} is ${code.status}`);
    code.status = 'EXPIRED';
    code.status_changed_at = this.stamp();
    return code;
  }

  /**
   * Settles a PENDING refund (Square does so later, on its own). FAILED and REJECTED give the
   * amount back to the payment's refundable balance.
   */
  completeRefund(id: string, status: Exclude<RefundStatus, 'PENDING'> = 'COMPLETED'): FakeRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`FakeSquare: no refund ${id}`);
    if (refund.status !== 'PENDING') throw new Error(`FakeSquare: refund ${id} is ${refund.status}`);
    const at = this.stamp();
    refund.status = status;
    refund.updated_at = at;
    this.emit('refund.updated', refund);
    if (status !== 'COMPLETED') {
      const payment = this.payments.get(refund.payment_id);
      if (payment?.refunded_money) {
        payment.refunded_money = {
          amount: payment.refunded_money.amount - refund.amount_money.amount,
          currency: payment.refunded_money.currency,
        };
        this.touch(payment, at);
        this.emit('payment.updated', payment);
      }
    }
    return refund;
  }

  /** A webhook event notification of `object`, as Square sends it (a snapshot, with a new event_id). */
  event<T extends SquareEventType>(type: T, object: SquareEventObjects[T]): SquareEvent;
  event(type: SquareEventType, object: FakePayment | FakeRefund | FakeDeviceCode): SquareEvent {
    const created_at = this.now().toISOString();
    const event_id = randomUUID();
    switch (type) {
      case 'payment.created':
      case 'payment.updated': {
        const payment = clone(object as FakePayment);
        return {
          merchant_id: this.merchantId,
          type,
          event_id,
          created_at,
          data: { type: 'payment', id: payment.id, object: { payment } },
        };
      }
      case 'refund.created':
      case 'refund.updated': {
        const refund = clone(object as FakeRefund);
        return {
          merchant_id: this.merchantId,
          type,
          event_id,
          created_at,
          data: { type: 'refund', id: refund.id, object: { refund } },
        };
      }
      case 'device.code.paired': {
        const device_code = clone(object as FakeDeviceCode);
        return {
          merchant_id: this.merchantId,
          location_id: device_code.location_id,
          type,
          event_id,
          created_at,
          data: { type: 'device_code', id: device_code.id, object: { device_code } },
        };
      }
    }
  }

  /**
   * `x-square-hmacsha256-signature` of a notification: base64 HMAC-SHA256, keyed with the
   * subscription's signature key, of the notification URL followed by the raw body
   * (https://developer.squareup.com/docs/webhooks/step3validate; SDK WebhooksHelper.verifySignature).
   */
  sign(notificationUrl: string, rawBody: string): string {
    return createHmac('sha256', this.webhookSignatureKey)
      .update(notificationUrl + rawBody, 'utf8')
      .digest('base64');
  }

  /**
   * POSTs the event to `targetUrl` as Square does, signed for `notificationUrl`, `times` times
   * (Square may deliver an event more than once; later deliveries carry `square-retry-number`).
   * Answers the receiver's statuses, in order.
   */
  async deliver(
    targetUrl: string,
    notificationUrl: string,
    event: SquareEvent,
    options: { times?: number } = {},
  ): Promise<number[]> {
    const rawBody = JSON.stringify(event);
    const signature = this.sign(notificationUrl, rawBody);
    const initialDelivery = this.now().toISOString();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < (options.times ?? 1); attempt++) {
      // https://developer.squareup.com/docs/webhooks/step2subscribe ("Format of an event notification")
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-square-hmacsha256-signature': signature,
          'square-environment': 'Sandbox',
          'square-initial-delivery-timestamp': initialDelivery,
          ...(attempt > 0 ? { 'square-retry-number': String(attempt) } : {}),
        },
        body: rawBody,
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  /** Resolves when every delivery `autoWebhooks` has queued so far is done. */
  async webhooksSettled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.webhookQueue;
      await seen;
    } while (seen !== this.webhookQueue);
  }

  // ---------------------------------------------------------------- HTTP

  protected onRequest(req: IncomingMessage, res: ServerResponse): void {
    void this.serve(req, res);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake-square');
    const method = (req.method ?? 'GET').toUpperCase();
    let body: unknown;
    let malformed = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
        malformed = true;
      }
    }
    if (this.recordRequests)
      this.requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: req.headers,
      });
    const failure = this.takeFailure(method, url.pathname);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (failure?.failure === 'timeout') {
      this.hold(res);
      return;
    }
    let answer: Answer;
    if (failure && failure.failure !== 'lost_answer') {
      answer = failureAnswer(failure);
    } else if (req.headers.authorization === undefined) {
      answer = unauthorized(
        'Your request did not include an `Authorization` http header with an access token.',
      );
    } else if (req.headers.authorization !== `Bearer ${this.accessToken}`) {
      answer = unauthorized('This request could not be authorized.');
    } else if (malformed || (body !== undefined && !isObject(body))) {
      answer = envelope(invalid('BAD_REQUEST', 'The request body is not a JSON object.'));
    } else {
      answer = this.route(method, url, isObject(body) ? body : {});
    }
    if (failure?.failure === 'lost_answer') {
      // The operation happened; the caller never hears of it.
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  }

  private route(method: string, url: URL, body: JsonObject): Answer {
    this.settle();
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      try {
        return route.handle(match.slice(1).map(decodeURIComponent), body, url.searchParams);
      } catch (thrown) {
        if (thrown instanceof SquareFailure) return envelope(thrown);
        // A defect of the fake itself: loud in the test (console.error fails it), 500 on the wire.
        console.error('FakeSquare failed on', method, url.pathname, thrown);
        return {
          status: 500,
          body: { errors: [error('API_ERROR', 'INTERNAL_SERVER_ERROR', String(thrown))] },
        };
      }
    }
    return envelope(notFound(`No endpoint ${method} ${url.pathname}.`));
  }

  private takeFailure(method: string, path: string): FailureRule | undefined {
    const rule = this.failures.find(
      (r) => r.remaining > 0 && (!r.method || r.method === method) && (!r.path || r.path.test(path)),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining === 0) this.failures.splice(this.failures.indexOf(rule), 1);
    return rule;
  }

  // ---------------------------------------------------------------- payments

  /**
   * CreatePayment (https://developer.squareup.com/reference/square/payments-api/create-payment):
   * the sandbox tokens decide the outcome. A decline answers 400 with the errors and the FAILED
   * payment ("the payment field might not be present, or it might be present with a status of
   * FAILED", create-payment-response.md).
   */
  private createPayment(body: JsonObject): Answer {
    const key = requiredString(body, 'idempotency_key', 'idempotency_key', 45);
    const sourceId = requiredString(body, 'source_id', 'source_id');
    const amount = readMoney(body.amount_money, 'amount_money');
    const tip = body.tip_money === undefined ? undefined : readMoney(body.tip_money, 'tip_money', 0);
    const appFee =
      body.app_fee_money === undefined ? undefined : readMoney(body.app_fee_money, 'app_fee_money', 0);
    if (tip && tip.currency !== amount.currency) {
      throw invalid(
        'INVALID_VALUE',
        'tip_money must have the currency of amount_money.',
        'tip_money.currency',
      );
    }
    const autocomplete = optionalBoolean(body, 'autocomplete') ?? true;
    const delayDuration = optionalString(body, 'delay_duration', 'delay_duration');
    const delayAction = optionalString(body, 'delay_action', 'delay_action');
    if ((delayDuration !== undefined || delayAction !== undefined) && autocomplete) {
      // "This parameter can only be set for a delayed capture payment (autocomplete=false)."
      throw invalid(
        'BAD_REQUEST',
        'delay_duration and delay_action require autocomplete=false.',
        'autocomplete',
      );
    }
    if (delayDuration !== undefined && durationMs(delayDuration) === null) {
      throw invalid('INVALID_VALUE', `Invalid duration \`${delayDuration}\`.`, 'delay_duration');
    }
    if (delayAction !== undefined && delayAction !== 'CANCEL' && delayAction !== 'COMPLETE') {
      throw invalid('INVALID_ENUM_VALUE', `\`${delayAction}\` is not a valid delay_action.`, 'delay_action');
    }
    const locationId = optionalString(body, 'location_id', 'location_id') ?? this.mainLocationId;
    const referenceId = optionalString(body, 'reference_id', 'reference_id', 40);
    const note = optionalString(body, 'note', 'note', 500);
    const customerId = optionalString(body, 'customer_id', 'customer_id', 191);
    const orderId = optionalString(body, 'order_id', 'order_id', 192);
    const buyerEmail = optionalString(body, 'buyer_email_address', 'buyer_email_address', 255);
    optionalString(body, 'verification_token', 'verification_token');

    const fingerprint = canonical(body);
    const earlier = this.paymentKeys.get(key);
    if (earlier) return this.replay(earlier, fingerprint);
    if (!this.knows(locationId)) throw notFound(`Location \`${locationId}\` not found.`, 'location_id');
    const outcome = SANDBOX_OUTCOMES[sourceId];
    // Choice: an unknown token is "Card nonce not found" (NOT_FOUND, hence 404), as Square answers it.
    if (!outcome) throw notFound('Card nonce not found');
    if (outcome.kind === 'used') {
      throw invalid('CARD_TOKEN_USED', 'Card nonce already used; please request new nonce.', 'source_id');
    }
    const payment = this.buildPayment({
      amount,
      tip,
      appFee,
      locationId,
      autocomplete,
      delayAction: delayAction === 'COMPLETE' ? 'COMPLETE' : 'CANCEL',
      delayDuration: delayDuration ?? DEFAULT_DELAY_DURATION,
      createdAt: this.now(),
      outcome,
      referenceId,
      note,
      customerId,
      orderId,
      buyerEmail,
    });
    const answer: Answer =
      payment.status === 'FAILED'
        ? { status: 400, body: { errors: clone(payment.card_details.errors ?? []), payment: clone(payment) } }
        : { status: 200, body: { payment: clone(payment) } };
    this.paymentKeys.set(key, { fingerprint, answer });
    this.paymentIdByKey.set(key, payment.id);
    this.emit('payment.created', payment);
    return clone(answer);
  }

  private buildPayment(input: {
    amount: Money;
    tip?: Money | undefined;
    appFee?: Money | undefined;
    locationId: string;
    autocomplete: boolean;
    delayAction: 'CANCEL' | 'COMPLETE';
    delayDuration: string;
    createdAt: Date;
    outcome: Exclude<SandboxOutcome, { kind: 'used' }>;
    referenceId?: string | undefined;
    note?: string | undefined;
    customerId?: string | undefined;
    orderId?: string | undefined;
    buyerEmail?: string | undefined;
  }): FakePayment {
    const created = input.createdAt.toISOString();
    const id = randomString(29);
    const failed = input.outcome.kind === 'decline';
    const total: Money = {
      amount: input.amount.amount + (input.tip?.amount ?? 0),
      currency: input.amount.currency,
    };
    const cardDetails: FakeCardPaymentDetails = {
      status: failed ? 'FAILED' : input.autocomplete ? 'CAPTURED' : 'AUTHORIZED',
      card: sandboxCard(input.createdAt),
      entry_method: 'KEYED',
      cvv_status: input.outcome.kind === 'decline' ? input.outcome.cvv : 'CVV_ACCEPTED',
      avs_status: input.outcome.kind === 'decline' ? input.outcome.avs : 'AVS_ACCEPTED',
      statement_description: STATEMENT_DESCRIPTION,
    };
    if (input.outcome.kind === 'decline') {
      cardDetails.errors = [
        error('PAYMENT_METHOD_ERROR', input.outcome.code, `Authorization error: '${input.outcome.code}'`),
      ];
    } else {
      cardDetails.auth_result_code = randomString(6);
      cardDetails.card_payment_timeline = input.autocomplete
        ? { authorized_at: created, captured_at: created }
        : { authorized_at: created };
    }
    const delay = durationMs(input.delayDuration) ?? 0;
    const payment: FakePayment = {
      id,
      created_at: created,
      updated_at: created,
      amount_money: { ...input.amount },
      total_money: total,
      status: failed ? 'FAILED' : input.autocomplete ? 'COMPLETED' : 'APPROVED',
      delay_duration: input.delayDuration,
      delay_action: input.delayAction,
      delayed_until: new Date(input.createdAt.getTime() + delay).toISOString(),
      source_type: 'CARD',
      card_details: cardDetails,
      location_id: input.locationId,
      receipt_number: id.slice(0, 4),
      application_details: { square_product: 'ECOMMERCE_API', application_id: APPLICATION_ID },
      version_token: randomString(45),
    };
    if (input.tip) payment.tip_money = { ...input.tip };
    if (input.appFee) payment.app_fee_money = { ...input.appFee };
    if (!failed) {
      payment.approved_money = { ...total };
      payment.risk_evaluation = { created_at: created, risk_level: 'NORMAL' };
    }
    if (payment.status === 'COMPLETED') payment.receipt_url = receiptUrl(id);
    if (input.referenceId !== undefined) payment.reference_id = input.referenceId;
    if (input.note !== undefined) payment.note = input.note;
    if (input.customerId !== undefined) payment.customer_id = input.customerId;
    if (input.orderId !== undefined) payment.order_id = input.orderId;
    if (input.buyerEmail !== undefined) payment.buyer_email_address = input.buyerEmail;
    this.payments.set(id, payment);
    if (payment.status === 'APPROVED') {
      this.awaiting.add(id);
      this.nextDue = Math.min(this.nextDue, Date.parse(payment.delayed_until));
    }
    return payment;
  }

  /** GetPayment: the 404 detail is Square's own example (build-basics/handling-errors). */
  private findPayment(id: string): FakePayment {
    const payment = this.payments.get(id);
    if (!payment) throw notFound(`Could not find payment with id: ${id}`);
    return payment;
  }

  private getPayment(id: string): Answer {
    return { status: 200, body: { payment: this.findPayment(id) } };
  }

  /** CompletePayment: APPROVED → COMPLETED, the card CAPTURED; `version_token` guards concurrency. */
  private completePayment(id: string, body: JsonObject): Answer {
    const payment = this.findPayment(id);
    const versionToken = optionalString(body, 'version_token', 'version_token');
    if (versionToken !== undefined && versionToken !== payment.version_token) {
      throw invalid(
        'VERSION_MISMATCH',
        `Payment ${id} has changed since version_token was read.`,
        'version_token',
      );
    }
    this.assertApproved(payment);
    this.capture(payment, this.stamp());
    return { status: 200, body: { payment } };
  }

  /** CancelPayment: APPROVED → CANCELED, the card VOIDED, the receipt number gone. */
  private cancelPayment(payment: FakePayment): FakePayment {
    this.assertApproved(payment);
    this.void(payment, this.stamp());
    return payment;
  }

  /**
   * CancelPaymentByIdempotencyKey: "if no payment with the specified idempotency key is found, no
   * action is taken and the endpoint returns successfully". Choice: a payment that is found is
   * cancelled as CancelPayment does, with CancelPayment's errors when it is not APPROVED.
   */
  private cancelByKey(body: JsonObject): Answer {
    const key = requiredString(body, 'idempotency_key', 'idempotency_key', 45);
    const id = this.paymentIdByKey.get(key);
    const payment = id === undefined ? undefined : this.payments.get(id);
    if (payment) this.cancelPayment(payment);
    return { status: 200, body: {} };
  }

  /**
   * Choice: the documented DELAYED_TRANSACTION_* codes name why a delayed-capture payment can no
   * longer be completed or cancelled: already CAPTURED, CANCELED, FAILED, or EXPIRED (its
   * delay_duration ran out).
   */
  private assertApproved(payment: FakePayment): void {
    const id = payment.id;
    switch (payment.status) {
      case 'APPROVED':
        return;
      case 'COMPLETED':
        throw invalid('DELAYED_TRANSACTION_CAPTURED', `Payment ${id} has already been captured.`);
      case 'CANCELED':
        throw this.expired.has(id)
          ? invalid('DELAYED_TRANSACTION_EXPIRED', `Payment ${id} expired (delay_duration elapsed).`)
          : invalid('DELAYED_TRANSACTION_CANCELED', `Payment ${id} has already been canceled.`);
      case 'FAILED':
        throw invalid('DELAYED_TRANSACTION_FAILED', `Payment ${id} failed.`);
      case 'PENDING':
        throw invalid('BAD_REQUEST', `Payment ${id} is PENDING.`);
    }
  }

  private capture(payment: FakePayment, at: string): void {
    payment.status = 'COMPLETED';
    payment.card_details.status = 'CAPTURED';
    payment.card_details.card_payment_timeline = {
      ...payment.card_details.card_payment_timeline,
      captured_at: at,
    };
    payment.receipt_url = receiptUrl(payment.id);
    this.touch(payment, at);
    this.emit('payment.updated', payment);
  }

  private void(payment: FakePayment, at: string): void {
    payment.status = 'CANCELED';
    payment.card_details.status = 'VOIDED';
    payment.card_details.card_payment_timeline = {
      ...payment.card_details.card_payment_timeline,
      voided_at: at,
    };
    delete payment.receipt_number;
    this.touch(payment, at);
    this.emit('payment.updated', payment);
  }

  /**
   * ListPayments (https://developer.squareup.com/reference/square/payments-api/list-payments):
   * by created_at, begin_time inclusive (default: a year ago) to end_time (default: now),
   * sort_order DESC by default, the main location unless location_id says otherwise, at most 100
   * a page ("If the provided value is greater than 100, it is ignored"). Choices: end_time is
   * exclusive; an empty result is `{}` (Square leaves out empty fields); the cursor is opaque.
   */
  /**
   * ListLocations: every location of the seller, inactive ones included, alphabetically by name
   * (https://developer.squareup.com/reference/square/locations-api/list-locations; the Location
   * object: https://developer.squareup.com/reference/square/objects/Location). Choice: every
   * location of the fake is ACTIVE, in Australia, and takes cards.
   */
  private listLocations(): Answer {
    const locations = [...this.locations]
      .map((id) => ({
        id,
        name: this.locationNames[id] ?? `Location ${id}`,
        status: 'ACTIVE',
        type: 'PHYSICAL',
        merchant_id: this.merchantId,
        country: 'AU',
        currency: 'AUD',
        timezone: 'Australia/Melbourne',
        capabilities: ['CREDIT_CARD_PROCESSING'],
        business_name: 'Kitchaco',
        created_at: '2026-01-05T00:00:00.000Z',
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { status: 200, body: { locations } };
  }

  private listPayments(query: URLSearchParams): Answer {
    const now = this.now();
    const begin = readTime(query, 'begin_time') ?? new Date(now.getTime() - YEAR_MS);
    const end = readTime(query, 'end_time') ?? now;
    if (end.getTime() < begin.getTime()) {
      throw invalid('INVALID_TIME_RANGE', 'end_time must not be before begin_time.', 'end_time');
    }
    const sortOrder = query.get('sort_order') ?? 'DESC';
    if (sortOrder !== 'ASC' && sortOrder !== 'DESC') {
      throw invalid('INVALID_SORT_ORDER', `Invalid sort_order \`${sortOrder}\`.`, 'sort_order');
    }
    const locationId = query.get('location_id') || this.mainLocationId;
    if (!this.knows(locationId)) throw notFound(`Location \`${locationId}\` not found.`, 'location_id');
    let limit = MAX_PAGE;
    const rawLimit = query.get('limit');
    if (rawLimit !== null) {
      const asked = Number(rawLimit);
      if (!Number.isInteger(asked)) throw invalid('EXPECTED_INTEGER', 'limit must be an integer.', 'limit');
      if (asked < 1) throw invalid('VALUE_TOO_LOW', 'limit must be at least 1.', 'limit');
      if (asked <= MAX_PAGE) limit = asked;
    }
    const pageSize = Math.max(1, Math.min(limit, this.pageSize));
    const total = query.get('total');
    const last4 = query.get('last_4');
    const brand = query.get('card_brand');

    const direction = sortOrder === 'ASC' ? 1 : -1;
    const matching = [...this.payments.values()]
      .filter((p) => {
        const at = Date.parse(p.created_at);
        return (
          p.location_id === locationId &&
          at >= begin.getTime() &&
          at < end.getTime() &&
          (total === null || String(p.total_money.amount) === total) &&
          (last4 === null || p.card_details.card.last_4 === last4) &&
          (brand === null || p.card_details.card.card_brand === brand)
        );
      })
      .sort((a, b) => direction * (a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)));

    let start = 0;
    const cursor = query.get('cursor');
    if (cursor) {
      const after = decodeCursor(cursor);
      if (!after) throw invalid('INVALID_CURSOR', 'The pagination cursor is invalid.', 'cursor');
      start = matching.findIndex(
        (p) => direction * (p.created_at.localeCompare(after.createdAt) || p.id.localeCompare(after.id)) > 0,
      );
      if (start < 0) start = matching.length;
    }
    const page = matching.slice(start, start + pageSize);
    const last = page[page.length - 1];
    const body: JsonObject = {};
    if (page.length) body.payments = page;
    if (last && start + pageSize < matching.length) body.cursor = encodeCursor(last);
    return { status: 200, body };
  }

  // ---------------------------------------------------------------- refunds

  /**
   * RefundPayment (https://developer.squareup.com/reference/square/refunds-api/refund-payment):
   * only COMPLETED payments, never more than remains of what was collected; a new refund is
   * PENDING (refund-payment-response.md). Choice: refunded_money counts PENDING and COMPLETED
   * refunds, as the refundable remainder must; a FAILED or REJECTED one gives its amount back.
   */
  private refundPayment(body: JsonObject): Answer {
    const key = requiredString(body, 'idempotency_key', 'idempotency_key', 45);
    const amount = readMoney(body.amount_money, 'amount_money');
    const appFee =
      body.app_fee_money === undefined ? undefined : readMoney(body.app_fee_money, 'app_fee_money', 0);
    if (optionalBoolean(body, 'unlinked')) {
      throw invalid('BAD_REQUEST', 'Unlinked refunds are not supported by this fake.', 'unlinked');
    }
    const paymentId = requiredString(body, 'payment_id', 'payment_id', 192);
    const reason = optionalString(body, 'reason', 'reason', 192);
    const versionToken = optionalString(body, 'payment_version_token', 'payment_version_token');

    const fingerprint = canonical(body);
    const earlier = this.refundKeys.get(key);
    if (earlier) return this.replay(earlier, fingerprint);
    const payment = this.findPayment(paymentId);
    if (versionToken !== undefined && versionToken !== payment.version_token) {
      throw invalid('VERSION_MISMATCH', `Payment ${paymentId} has changed since the version token was read.`);
    }
    if (payment.status !== 'COMPLETED') {
      throw refundError(
        'PAYMENT_NOT_REFUNDABLE',
        `Payment ${paymentId} is ${payment.status}: only COMPLETED payments can be refunded.`,
      );
    }
    if (amount.currency !== payment.total_money.currency) {
      throw invalid(
        'INVALID_VALUE',
        `The payment was taken in ${payment.total_money.currency}.`,
        'amount_money.currency',
      );
    }
    const refunded = payment.refunded_money?.amount ?? 0;
    if (amount.amount > payment.total_money.amount - refunded) {
      // The detail is Square's own (https://developer.squareup.com/reference/square/objects/ErrorCode).
      throw refundError(
        'REFUND_AMOUNT_INVALID',
        'The requested refund amount exceeds the amount available to refund.',
      );
    }
    const at = this.stamp();
    const refund: FakeRefund = {
      id: `${payment.id}_${randomString(43)}`,
      status: 'PENDING',
      location_id: payment.location_id,
      unlinked: false,
      destination_type: 'CARD',
      destination_details: {
        card_details: {
          card: clone(payment.card_details.card),
          entry_method: 'KEYED',
          auth_result_code: randomString(6),
        },
      },
      amount_money: amount,
      payment_id: payment.id,
      created_at: at,
      updated_at: at,
    };
    if (appFee) refund.app_fee_money = appFee;
    if (payment.order_id !== undefined) refund.order_id = payment.order_id;
    if (reason !== undefined) refund.reason = reason;
    this.refunds.set(refund.id, refund);
    payment.refunded_money = { amount: refunded + amount.amount, currency: amount.currency };
    payment.refund_ids = [...(payment.refund_ids ?? []), refund.id];
    this.touch(payment, at);
    const answer: Answer = { status: 200, body: { refund: clone(refund) } };
    this.refundKeys.set(key, { fingerprint, answer });
    this.emit('refund.created', refund);
    this.emit('payment.updated', payment);
    return clone(answer);
  }

  private getRefund(id: string): Answer {
    const refund = this.refunds.get(id);
    if (!refund) throw notFound(`Could not find refund with id: ${id}`);
    return { status: 200, body: { refund } };
  }

  // ---------------------------------------------------------------- device codes

  /**
   * CreateDeviceCode (https://developer.squareup.com/reference/square/devices-api/create-device-code):
   * a 6-letter code to sign a Square Terminal in, UNPAIRED, to be used within 5 minutes (pair_by).
   */
  private createDeviceCode(body: JsonObject): Answer {
    const key = requiredString(body, 'idempotency_key', 'idempotency_key', 128);
    const deviceCode = body.device_code;
    if (!isObject(deviceCode))
      throw invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'device_code');
    const productType = optionalString(deviceCode, 'product_type', 'device_code.product_type');
    // The detail is the one Square answers (developer forums, "DeviceCode must contain a product_type").
    if (productType === undefined) throw invalid('BAD_REQUEST', 'DeviceCode must contain a product_type');
    if (productType !== 'TERMINAL_API') {
      throw invalid(
        'INVALID_ENUM_VALUE',
        `\`${productType}\` is not a valid product_type.`,
        'device_code.product_type',
      );
    }
    const locationId = requiredString(deviceCode, 'location_id', 'device_code.location_id', 50);
    const name = optionalString(deviceCode, 'name', 'device_code.name', 128);

    const fingerprint = canonical(body);
    const earlier = this.deviceCodeKeys.get(key);
    if (earlier) return this.replay(earlier, fingerprint);
    if (!this.knows(locationId)) {
      throw notFound(`Location \`${locationId}\` not found.`, 'device_code.location_id');
    }
    const now = this.now();
    const created = now.toISOString();
    const used = new Set([...this.deviceCodes.values()].map((c) => c.code));
    let code = randomString(6, UPPER);
    while (used.has(code)) code = randomString(6, UPPER);
    const device: FakeDeviceCode = {
      id: randomString(13, UPPER_ALPHANUMERIC),
      code,
      product_type: 'TERMINAL_API',
      location_id: locationId,
      status: 'UNPAIRED',
      pair_by: new Date(now.getTime() + PAIR_WINDOW_MS).toISOString(),
      created_at: created,
      status_changed_at: created,
    };
    if (name !== undefined) device.name = name;
    this.deviceCodes.set(device.id, device);
    const answer: Answer = { status: 200, body: { device_code: clone(device) } };
    this.deviceCodeKeys.set(key, { fingerprint, answer });
    return clone(answer);
  }

  private getDeviceCode(id: string): Answer {
    const code = this.deviceCodes.get(id);
    if (!code) throw notFound(`Could not find device code with id: ${id}`);
    return { status: 200, body: { device_code: code } };
  }

  // ---------------------------------------------------------------- shared machinery

  /**
   * Idempotency (https://developer.squareup.com/docs/working-with-apis/idempotency): the same
   * request again gets the first answer again, nothing is done twice; a changed request under the
   * same key is refused. Choice: only requests that did something (a payment, even FAILED; a refund;
   * a device code) hold their key; a refused request leaves the key free for a corrected retry.
   */
  private replay(earlier: Remembered, fingerprint: string): Answer {
    if (earlier.fingerprint !== fingerprint) {
      throw invalid(
        'IDEMPOTENCY_KEY_REUSED',
        'The provided idempotency key has already been used.',
        'idempotency_key',
      );
    }
    return clone(earlier.answer);
  }

  /** Applies what the clock decided: delay actions whose time came, device codes past pair_by. */
  private settle(): void {
    const now = this.now().getTime();
    // Only authorised payments have a delay to run out, and only once the earliest is due is any
    // looked at (a benchmark makes thousands).
    if (now >= this.nextDue) this.settleDelays(now);
    for (const code of this.deviceCodes.values()) {
      if (code.status === 'UNPAIRED' && Date.parse(code.pair_by) <= now) {
        code.status = 'EXPIRED';
        code.status_changed_at = code.pair_by;
      }
    }
  }

  private settleDelays(now: number): void {
    this.nextDue = Number.POSITIVE_INFINITY;
    for (const id of this.awaiting) {
      const payment = this.payments.get(id);
      if (payment?.status !== 'APPROVED') {
        this.awaiting.delete(id);
        continue;
      }
      const due = Date.parse(payment.delayed_until);
      if (due > now) {
        this.nextDue = Math.min(this.nextDue, due);
        continue;
      }
      this.awaiting.delete(id);
      if (payment.delay_action === 'COMPLETE') {
        this.capture(payment, payment.delayed_until);
      } else {
        this.expired.add(payment.id);
        this.void(payment, payment.delayed_until);
      }
    }
  }

  private stamp(): string {
    return this.now().toISOString();
  }

  /** A change to a payment: a new updated_at and version_token. */
  private touch(payment: FakePayment, at: string): void {
    payment.updated_at = at;
    payment.version_token = randomString(45);
  }

  /** Queues the event for `autoWebhooks`, in order, one delivery at a time. */
  private emit<T extends SquareEventType>(type: T, object: SquareEventObjects[T]): void {
    const target = this.autoWebhooks;
    if (!target) return;
    const event = this.event(type, object);
    this.webhookQueue = this.webhookQueue.then(async () => {
      try {
        const [status] = await this.deliver(
          target.targetUrl,
          target.notificationUrl ?? target.targetUrl,
          event,
        );
        this.deliveries.push(status === undefined ? { event } : { event, status });
      } catch (thrown) {
        this.deliveries.push({ event, error: thrown instanceof Error ? thrown.message : String(thrown) });
      }
    });
  }
}

/** Starts a fake Square on 127.0.0.1 (`port`, or a free one); `close()` it after the test. */
export async function startFakeSquare(
  options: FakeSquareOptions & { port?: number } = {},
): Promise<FakeSquare> {
  const fake = new FakeSquare(options);
  await fake.listen(options.port);
  return fake;
}

// ---------------------------------------------------------------- module helpers

function envelope(failure: SquareFailure): Answer {
  return { status: failure.status, body: { errors: failure.errors } };
}

function unauthorized(detail: string): Answer {
  return { status: 401, body: { errors: [error('AUTHENTICATION_ERROR', 'UNAUTHORIZED', detail)] } };
}

/** The answers of the injected failures (ErrorCategory and ErrorCode of the SDK docs). */
function failureAnswer(rule: FailureRule): Answer {
  switch (rule.failure) {
    case 'unauthorized':
      return unauthorized('This request could not be authorized.');
    case 'rate_limited':
      return {
        status: 429,
        headers: { 'retry-after': String(rule.retryAfterSeconds) },
        body: {
          errors: [error('RATE_LIMIT_ERROR', 'RATE_LIMITED', 'Rate limit exceeded, please retry later.')],
        },
      };
    case 'server_error':
      return {
        status: 500,
        body: { errors: [error('API_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error occurred.')] },
      };
    case 'unavailable':
      return {
        status: 503,
        body: {
          errors: [error('API_ERROR', 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')],
        },
      };
    default:
      throw new Error(`FakeSquare: '${rule.failure}' has no answer`);
  }
}

/** The sandbox Visa 4111 1111 1111 1111 as the documented payment examples show it. */
function sandboxCard(at: Date): FakeCard {
  return {
    card_brand: 'VISA',
    last_4: '1111',
    exp_month: 11,
    exp_year: at.getUTCFullYear() + 2,
    fingerprint: SANDBOX_FINGERPRINT,
    card_type: 'DEBIT',
    prepaid_type: 'NOT_PREPAID',
    bin: '411111',
  };
}

/** As in complete-payment-response.md: https://squareup.com/receipt/preview/{payment id}. */
function receiptUrl(id: string): string {
  return `https://squareup.com/receipt/preview/${id}`;
}

function encodeCursor(payment: FakePayment): string {
  return Buffer.from(JSON.stringify([payment.created_at, payment.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && typeof decoded[0] === 'string' && typeof decoded[1] === 'string') {
      return { createdAt: decoded[0], id: decoded[1] };
    }
  } catch {
    // not ours: invalid
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
