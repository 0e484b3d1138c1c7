// The reference point of the framework-overhead budget: a bare Fastify hello-world, and (with
// DATABASE_URL) a bare single-row INSERT, no validation, no auth, no business logic.
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
  app.addHook('onClose', () => pool.end());
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
