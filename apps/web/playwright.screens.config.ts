import { defineConfig } from '@playwright/test';
import { DEMO_CLOCK } from './e2e/screens/demo-clock';
import journeys from './playwright.config';

/**
 * Screenshot comparisons of the key screens (e2e/screens/*.visual.ts), against a demo whose clock
 * starts at DEMO_CLOCK, so the seeded history, every figure and every date are the same on each run.
 * The accepted pictures live in e2e/screens/accepted/; `npm run test:screens -- --update-snapshots`
 * replaces them after an intended change (docs/design-system.md, "Screenshot comparisons").
 */
const base = journeys.webServer;
if (!base || Array.isArray(base)) throw new Error('playwright.config.ts has one web server');

export default defineConfig({
  ...journeys,
  testDir: './e2e/screens',
  testMatch: '*.visual.ts',
  // In CI a comparison that fails is taken once more (a screen caught mid-load); a real change fails twice.
  retries: process.env.CI ? 1 : 0,
  snapshotPathTemplate: '{testDir}/accepted/{arg}{ext}',
  // As a person at a demo location sees it: Melbourne's time and Australian formats.
  use: { ...journeys.use, timezoneId: 'Australia/Melbourne', locale: 'en-AU' },
  expect: {
    ...journeys.expect,
    toHaveScreenshot: {
      // Text anti-aliasing may differ by a pixel here and there; a layout change moves far more.
      maxDiffPixelRatio: 0.01,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
    },
  },
  webServer: { ...base, env: { ...base.env, DEMO_CLOCK } },
});
