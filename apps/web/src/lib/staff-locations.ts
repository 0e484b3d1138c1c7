import { locationsCalls } from '@kitchaco/domain';
import { staffCall } from '../api';

/**
 * kitchaco_locations of the admin data endpoint: every location, for the staff screens' filters.
 * Loaded by `lib/locations.ts` only when a staff screen asks, so the customer's first screen does
 * not carry the staff client and the call's zod schemas.
 */
export function getStaffLocations(signal?: AbortSignal) {
  return staffCall(locationsCalls.adminKitchacoLocations, {}, { signal });
}
