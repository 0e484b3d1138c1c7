import { PUBLIC, routeCall } from '../wire/calls.js';
import { appLinks, cspReportResponse } from './site.schemas.js';

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
  cspReport: routeCall({
    method: 'POST',
    url: '/api/v1/csp-report/',
    summary:
      'Where browsers report what a page\'s Content-Security-Policy blocked (its `report-uri` and `report-to`): `application/csp-report` (`{ "csp-report": { ... } }`) or the Reporting API\'s `application/reports+json` (a list of `{ type: "csp-violation", body: { ... } }`). Each violation is logged (the directive, the blocked origin and the page\'s path, at most one line a minute for each) and counted in `kitchaco_csp_violations_total`. 400 for a body that is not such JSON, 413 above 64 KiB.',
    tag: 'site',
    access: PUBLIC,
    response: cspReportResponse,
    failures: 'status',
    bodyLimit: 64 * 1024,
  }),
};
