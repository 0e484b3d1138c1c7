import { startFakeSquare } from './square.js';

/**
 * The fake of Square's API as a process of its own, for benchmarks and soaks (never loaded by the
 * server): `node apps/server/dist/fakes/square-server.js`, settings from the environment:
 * FAKE_SQUARE_PORT (0: any free port), FAKE_SQUARE_LATENCY_MS (a fixed delay before every answer),
 * FAKE_SQUARE_TOKEN. Any location id is accepted. Prints one JSON line: { url, accessToken }.
 */
const fake = await startFakeSquare({
  latencyMs: Number(process.env.FAKE_SQUARE_LATENCY_MS ?? 0),
  ...(process.env.FAKE_SQUARE_TOKEN ? { accessToken: process.env.FAKE_SQUARE_TOKEN } : {}),
  acceptAnyLocation: true,
  recordRequests: false,
  port: Number(process.env.FAKE_SQUARE_PORT ?? 0),
});
process.stdout.write(`${JSON.stringify({ url: fake.url, accessToken: fake.accessToken })}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
