// The reference point of the framework-overhead budget: a bare Fastify hello-world, and (with
// DATABASE_URL) a bare single-row INSERT, no validation, no auth, no business logic. `/insert-steps`
// is a second reference for the writes bench: the six round trips a customer checkout makes, in its
// order (a read; an insert; two reads at once; two inserts), each a bare single-row statement.
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
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
