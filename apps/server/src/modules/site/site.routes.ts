import { siteCalls } from '@kitchaco/domain';
import { defineRoute, type Module } from '../../http/registry.js';
import { appLinksView } from './site.presenter.js';

/** What the web app reads from the deployment's settings. */
export const siteModule: Module = {
  routes: [
    defineRoute(siteCalls.appLinks, {
      handler: async (ctx) => appLinksView(ctx.app.config),
    }),
  ],
};
