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

/**
 * `POST /api/v1/csp-report/`: what a browser sends when a page's Content-Security-Policy blocked
 * something (the `report-uri` form, `application/csp-report`, or the Reporting API's
 * `application/reports+json`). Read by the server itself; the answer says how many were taken.
 */
export const cspReportResponse = z.object({
  success: z.literal(true),
  /** Violations read from the body (others in it, of other report types, are ignored). */
  received: z.number().int().min(0),
});
export type CspReportResponse = z.infer<typeof cspReportResponse>;
