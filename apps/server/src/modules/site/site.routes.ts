import { siteCalls } from '@kitchaco/domain';
import { defineRoute, type Module } from '../../http/registry.js';
import { receiveCspReport } from './csp-report.js';
import { appLinksView } from './site.presenter.js';

/** What the web app reads from the deployment's settings. */
export const siteModule: Module = {
  routes: [
    defineRoute(siteCalls.appLinks, {
      handler: async (ctx) => appLinksView(ctx.app.config),
    }),
    // The bytes as sent: browsers post `application/csp-report` or `application/reports+json`.
    defineRoute(siteCalls.cspReport, {
      rawBody: true,
      handler: async (ctx, { rawBody }) => receiveCspReport(ctx.app, rawBody as Buffer),
    }),
  ],
};
