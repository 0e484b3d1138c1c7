import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['@kitchaco/source', 'module', 'node', 'default'] };

export default defineConfig({
  resolve,
  ssr: { resolve: { conditions: resolve.conditions, externalConditions: ['@kitchaco/source'] } },
  test: {
    projects: [
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions } },
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions } },
        // The web app's plain modules (no DOM): its pages are covered by the browser journeys.
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve,
        ssr: { resolve: { conditions: resolve.conditions } },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
