// The reference point of the framework-overhead budget: a bare Fastify hello-world, and (with
// DATABASE_URL) a bare single-row INSERT, no validation, no auth, no business logic. `/insert-steps`
// is a second reference for the writes bench: the six round trips a customer checkout makes, in its
// order (a read; an insert; two reads at once; two inserts), each a bare single-row statement.
// `/checkout-bare` is the writes bench's checkout reference (issue 39): the smallest safe checkout,
// three commits around two calls to Square (SQUARE_BASE_URL, SQUARE_ACCESS_TOKEN), in plain SQL.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/healthz', async () => ({ status: 'ok' }));

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_bare_insert (id bigserial PRIMARY KEY, body jsonb, at timestamptz DEFAULT now())',
  );
  app.post('/insert', async (request) => {
    const { rows } = await pool.query('INSERT INTO bench_bare_insert (body) VALUES ($1) RETURNING id', [
      request.body ?? {},
    ]);
    return { id: rows[0].id };
  });
  const insert = (body) =>
    pool
      .query('INSERT INTO bench_bare_insert (body) VALUES ($1) RETURNING id', [body])
      .then((r) => r.rows[0].id);
  const read = (id) => pool.query('SELECT id, body FROM bench_bare_insert WHERE id = $1', [id]);
  app.post('/insert-steps', async (request) => {
    const body = request.body ?? {};
    await read(1); // the session
    const claim = await insert(body); // the idempotency key
    await Promise.all([read(claim), read(claim)]); // location and menu, at once
    await insert(body); // the payment record
    return { id: await insert(body) }; // the order
  });
  app.addHook('onClose', () => pool.end());
  if (process.env.SQUARE_BASE_URL) await checkoutBare(pool);
}

/**
 * `POST /checkout-bare`: the smallest safe checkout, what `placeOrder` and `tryCard`
 * (apps/server/src/modules/orders/checkout.service.ts) do with nothing around it (no session, no
 * pricing, no limits, no validation, no group commit): three commits around two calls to Square.
 * 1. Claim the `idempotency-key` (one statement, committed): `claimKey` in
 *    modules/orders/orders.queries.ts (checkout-idempotency.ts); a key already claimed is a 409.
 * 2. Authorise at Square: CreatePayment `POST /v2/payments` with `autocomplete: false`, the request
 *    `squarePayments().authorize` sends (apps/server/src/integrations/payments.ts), through undici's
 *    `request` on one kept-alive pool with the headers of `squareClient`
 *    (apps/server/src/integrations/square.ts), under a provider key derived from ours (`providerKey`).
 * 3. One statement (one transaction, one commit): the order, its lines, its payment (APPROVED, with
 *    Square's id) and the key marked as answered with that order: `writePaidOrders` in
 *    modules/orders/ledger.queries.ts.
 * 4. Complete at Square: CompletePayment `POST /v2/payments/{id}/complete` (`completePayment` in
 *    modules/orders/checkout-payment.ts).
 * 5. One statement: the payment's status as Square answers it (COMPLETED) and the key completed:
 *    `recordPaymentStatus` (modules/payments/payments.service.ts, `writePaymentStatuses`).
 * Answers { id }. As in the real checkout, a completion Square does not confirm leaves the order
 * standing with its payment APPROVED (the bench's ledger check counts it). Statements are named
 * (parsed once per connection), as the server's are (db/statement-cache.ts).
 */
async function checkoutBare(pool) {
  const { Agent, request } = await import('undici');
  const square = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  const baseUrl = process.env.SQUARE_BASE_URL;
  const headers = {
    authorization: `Bearer ${process.env.SQUARE_ACCESS_TOKEN}`,
    'square-version': '2026-05-20',
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const locationId = process.env.SQUARE_LOCATION_ID ?? 'LBENCHMAIN0001';
  /** A line's price: the bare checkout does not price, it charges a fixed amount per item. */
  const UNIT_CENTS = 1250;
  const callSquare = async (path, body) => {
    const res = await request(`${baseUrl}${path}`, {
      method: 'POST',
      dispatcher: square,
      headers,
      body: JSON.stringify(body),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    return { status: res.statusCode, body: await res.body.json().catch(() => ({})) };
  };
  await pool.query(`
    CREATE TABLE IF NOT EXISTS bench_bare_keys (
      key text PRIMARY KEY,
      request_hash text NOT NULL,
      order_id bigint,
      response_status int,
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS bench_bare_orders (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL,
      status text NOT NULL,
      total_cents int NOT NULL,
      placed_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS bench_bare_order_lines (
      id bigserial PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES bench_bare_orders (id) ON DELETE CASCADE,
      meal_id int,
      quantity int NOT NULL,
      unit_cents int NOT NULL);
    CREATE INDEX IF NOT EXISTS bench_bare_order_lines_order_idx ON bench_bare_order_lines (order_id);
    CREATE TABLE IF NOT EXISTS bench_bare_payments (
      id bigserial PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES bench_bare_orders (id) ON DELETE CASCADE,
      idempotency_key text NOT NULL UNIQUE,
      provider_payment_id text NOT NULL UNIQUE,
      status text NOT NULL,
      total_cents int NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now());`);

  const claim = {
    name: 'bare-claim',
    text: `INSERT INTO bench_bare_keys (key, request_hash) VALUES ($1, $2)
           ON CONFLICT (key) DO NOTHING RETURNING key`,
  };
  const write = {
    name: 'bare-write',
    text: `WITH o AS (
             INSERT INTO bench_bare_orders (idempotency_key, status, total_cents)
             VALUES ($1, 'Received', $2) RETURNING id),
           l AS (
             INSERT INTO bench_bare_order_lines (order_id, meal_id, quantity, unit_cents)
             SELECT o.id, x.meal_id, x.quantity, x.unit_cents
             FROM o, jsonb_to_recordset($3::jsonb) AS x (meal_id int, quantity int, unit_cents int)),
           p AS (
             INSERT INTO bench_bare_payments (order_id, idempotency_key, provider_payment_id, status, total_cents)
             SELECT o.id, $1, $4, 'APPROVED', $2 FROM o)
           UPDATE bench_bare_keys k SET order_id = o.id, response_status = 200
           FROM o WHERE k.key = $1 RETURNING o.id`,
  };
  const complete = {
    name: 'bare-complete',
    text: `WITH p AS (
             UPDATE bench_bare_payments SET status = $2, updated_at = now()
             WHERE provider_payment_id = $1 RETURNING idempotency_key)
           UPDATE bench_bare_keys k SET completed_at = now() FROM p WHERE k.key = p.idempotency_key`,
  };

  app.post('/checkout-bare', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return reply.code(400).send({ error: 'no idempotency-key' });
    const body = req.body ?? {};
    const lines = (body.checkout?.lines ?? [{ meal_id: 1, quantity: 1 }]).map((l) => ({
      meal_id: l.meal_id ?? null,
      quantity: l.quantity ?? 1,
      unit_cents: UNIT_CENTS,
    }));
    const totalCents = lines.reduce((sum, l) => sum + l.quantity * l.unit_cents, 0);

    // (1) The key, bound to the request's fingerprint: committed before anything is charged.
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    const claimed = await pool.query({ ...claim, values: [key, requestHash] });
    if (claimed.rowCount === 0) return reply.code(409).send({ error: 'already being processed' });

    // (2) Authorise (not capture) under a provider key derived from ours (at most 45 characters).
    const digest = createHash('sha256').update(`pay:bare:${key}`).digest('base64url');
    const reference = `order-${digest.slice(0, 32)}`;
    const authorised = await callSquare('/v2/payments', {
      source_id: body.payment?.source_id ?? 'cnon:card-nonce-ok',
      idempotency_key: `p-${digest}`.slice(0, 45),
      amount_money: { amount: totalCents, currency: 'AUD' },
      autocomplete: false,
      location_id: locationId,
      reference_id: reference,
      note: `Order ${reference}`,
    });
    const payment = authorised.body.payment;
    if (authorised.status >= 300 || payment?.status !== 'APPROVED') {
      return reply.code(502).send({ error: 'not authorised', square: authorised.body.errors ?? null });
    }

    // (3) The order, its lines, its payment and the key's answer: one statement, one commit.
    const written = await pool.query({
      ...write,
      values: [key, totalCents, JSON.stringify(lines), payment.id],
    });
    const id = written.rows[0].id;

    // (4) Capture; (5) the payment's status as Square reports it, and the key completed.
    const completed = await callSquare(`/v2/payments/${encodeURIComponent(payment.id)}/complete`, {});
    if (completed.body.payment) {
      await pool.query({ ...complete, values: [payment.id, completed.body.payment.status] });
    }
    return { id };
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
