import { z } from 'zod';
import { PUBLIC, routeCall } from './calls.js';

/**
 * Paths the spec declares without any screen, payload or answer shown: catering packages and
 * public events. Nothing of them exists in the platform, so no shape can be honoured; an old client
 * calling them gets the spec's failure shape with a clear reason instead of a 404 page
 * (docs/api.md, "Compatibility").
 */
const notOffered = z.object({ success: z.literal(false), error: z.string() });

const declaredPath = (method: 'GET' | 'POST', url: string, what: string) =>
  routeCall({
    method,
    url,
    summary: `Declared by the spec with no shape shown: answers { success: false, error } saying ${what} are not offered.`,
    tag: 'compatibility',
    access: PUBLIC,
    response: notOffered,
    failures: 'spec',
    statuses: [404],
  });

/** The spec's declared paths the platform has no feature behind. */
export const declaredPathsCalls = {
  cateringPackage: declaredPath('GET', '/api/v1/catering-package', 'catering packages'),
  cateringPackageByPost: declaredPath('POST', '/api/v1/catering-package', 'catering packages'),
  publicEvent: declaredPath('GET', '/api/v1/public-event/', 'public events'),
  publicEventByPost: declaredPath('POST', '/api/v1/public-event/', 'public events'),
};

/** What a declared path without a feature answers (the reason, in the spec's failure shape). */
export const NOT_OFFERED = {
  cateringPackage:
    'Catering packages are not offered here. Please order from the restaurants, or contact us through the website.',
  publicEvent: 'Public events are not offered here. Please contact us through the website.',
} as const;
