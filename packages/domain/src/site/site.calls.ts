import { PUBLIC, routeCall } from '../wire/calls.js';
import { appLinks } from './site.schemas.js';

/** The calls of the site area: what the web app reads from the deployment's settings. */
export const siteCalls = {
  appLinks: routeCall({
    method: 'GET',
    url: '/api/v1/site/app-links/',
    summary:
      "The customer app's store listings (APP_STORE_URL, PLAY_STORE_URL) that the web's app prompt links to; null where a store is not set.",
    tag: 'site',
    access: PUBLIC,
    response: appLinks,
    failures: 'status',
  }),
};
