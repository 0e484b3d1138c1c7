import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/app.js';

/**
 * INSTANCE_MODE (issue 35): the background workers scale apart from the API. A worker instance
 * answers its health probes and nothing else; a web instance serves the API (server.ts starts no
 * worker there: the `started` line lists them, checked by process-lifecycle.test.ts).
 */
describe('INSTANCE_MODE', () => {
  it('worker: health only, every call refused naming the mode', async () => {
    const t = await createTestApp({ INSTANCE_MODE: 'worker' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
        status: 'ready',
      });
      const call = await t.app.inject({ method: 'GET', url: '/api/v1/vendors/' });
      expect(call.statusCode).toBe(404);
      expect(call.json()).toMatchObject({
        error:
          'This instance runs the background workers only (INSTANCE_MODE=worker): no GET /api/v1/vendors/ here.',
      });
    } finally {
      await t.close();
    }
  });

  it('web: the API as usual', async () => {
    const t = await createTestApp({ INSTANCE_MODE: 'web' });
    try {
      expect(t.app.appContext.config.instanceMode).toBe('web');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/vendors/' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
