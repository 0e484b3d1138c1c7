import { z } from 'zod';

/**
 * `GET /api/v1/site/app-links/`: where the customer app is listed, from the deployment's
 * APP_STORE_URL and PLAY_STORE_URL (docs/operations.md). Null: that store has no listing set, and
 * the web shows no button for it rather than a store's home page.
 */
export const appLinks = z.object({
  app_store_url: z.string().url().nullable(),
  play_store_url: z.string().url().nullable(),
});
export type AppLinks = z.infer<typeof appLinks>;
