/**
 * The landing site (docs/landing.md) shares `/` with the customer app by host: a host starting with
 * `www.` is the marketing site, every other host the customer app. `/welcome` shows the landing page
 * on any host, so it can be linked to (and tested) from the customer app's host too.
 */
export function isLandingHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('www.');
}

/** Whether this page was opened on the landing host, read once: the host never changes in a tab. */
export const LANDING_AT_ROOT = typeof window !== 'undefined' && isLandingHost(window.location.hostname);

/** The landing site's addresses on this host. */
export const LANDING_PATHS = {
  home: LANDING_AT_ROOT ? '/' : '/welcome',
  welcome: '/welcome',
  ourBrands: '/our-brands',
  franchisingInfo: '/franchising-info',
} as const;

/** The landing page's sections, each the target of a navbar link (`/welcome#process`). */
export const LANDING_SECTIONS = {
  why: 'why-multibrands',
  customers: 'what-customers-say',
  process: 'process',
  join: 'join-us',
} as const;

/**
 * Where customers order food: the customer app lives at `/` of the same host without `www.`, so
 * from the landing host the link leaves for it; from `/welcome` on the customer app's host it is `/`.
 */
export function customerAppUrl(
  where: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location,
): string {
  if (!isLandingHost(where.hostname)) return '/';
  return `${where.protocol}//${where.hostname.slice(4)}${where.port ? `:${where.port}` : ''}/`;
}
