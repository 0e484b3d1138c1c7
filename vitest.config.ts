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
        // The benches' and scripts' own logic (which result belongs to which code, ...).
        test: {
          name: 'tools',
          include: ['bench/**/*.test.mjs', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        resolve,
        // The server's tests run in Node, which is also given these conditions (vitest passes them
        // as --conditions): without `module`, which is a bundlers' condition. With it, Node's
        // require picks ES builds meant for bundlers (OpenTelemetry's API, prom-client's
        // dependency, has one whose imports lack file extensions, which Node cannot load).
        ssr: { resolve: { conditions: resolve.conditions.filter((c) => c !== 'module') } },
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
