import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ImageStoreUnavailable, localImageStore, s3ImageStore } from './images.js';

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('s3ImageStore', () => {
  it('reports a bucket that cannot be reached as unavailable, not as a crash', async () => {
    const store = s3ImageStore(
      {
        bucket: 'meal-images',
        endpoint: `http://127.0.0.1:${await closedPort()}`,
        region: 'auto',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        publicBaseUrl: 'https://cdn.example',
        timeoutMs: 2_000,
      },
      localImageStore('/nonexistent'),
    );
    await expect(store.put(Buffer.from('RIFF....WEBP'), 'image/webp')).rejects.toBeInstanceOf(
      ImageStoreUnavailable,
    );
  });
});
