import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/healthz': apiTarget };

export default defineConfig({
  plugins: [react()],
  resolve: {
    // '@kitchaco/source' first: the domain package is read from its TypeScript sources, so the web app
    // never needs packages/domain/dist to be built. The rest are Vite's default client conditions.
    conditions: ['@kitchaco/source', 'module', 'browser', 'development|production'],
  },
  // The manifest lets `npm run bench` measure each area's initial JavaScript (bench/web-size.mjs).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // The phone-number library only serves the sign-in and profile dialogs: its own chunk, so it
      // is not merged into a chunk the first screen loads.
      output: { advancedChunks: { groups: [{ name: 'phone-numbers', test: /libphonenumber-js/ }] } },
    },
  },
  server: { proxy },
  preview: { proxy },
});
