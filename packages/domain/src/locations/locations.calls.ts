import { z } from 'zod';
import { ENDPOINTS, PUBLIC, queryCall, routeCall, staff } from '../wire/calls.js';
import {
  deliveryChargeRequest,
  deliveryChargeResponse,
  kitchacoLocationList,
  kitchacoLocationsResponse,
} from './locations.schemas.js';

/** The calls of the locations area (packages/domain/src/wire/calls.ts). */
export const locationsCalls = {
  kitchacoLocations: queryCall({
    endpoint: ENDPOINTS.locations,
    queryType: 'kitchaco_locations',
    summary: 'Pickup locations (the location endpoint of the back office).',
    access: PUBLIC,
    input: z.object({}),
    response: kitchacoLocationsResponse,
    failures: 'spec',
  }),
  adminKitchacoLocations: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'kitchaco_locations',
    summary: 'Pickup locations for the back-office filters.',
    access: staff('super_admin', 'operator', 'stock_admin', 'stock_user'),
    audit: false,
    input: z.object({}),
    response: kitchacoLocationsResponse,
    failures: 'spec',
  }),
  listLocations: routeCall({
    method: 'GET',
    url: ENDPOINTS.locations,
    summary: 'Pickup locations, sorted by id.',
    tag: 'locations',
    access: PUBLIC,
    response: kitchacoLocationList,
    failures: 'spec',
  }),

  deliveryCharge: routeCall({
    method: 'GET',
    url: '/api/v1/delivery-charge/',
    summary:
      "A location's delivery charge for customer orders and its stock ordering minimum and below-minimum fee (?kitchaco=1), or every location's.",
    tag: 'locations',
    access: PUBLIC,
    query: deliveryChargeRequest,
    response: deliveryChargeResponse,
    failures: 'spec',
  }),
  deliveryChargeByPost: routeCall({
    method: 'POST',
    url: '/api/v1/delivery-charge/',
    summary: "The same as GET, with { kitchaco? } in the body (as the spec's clients post).",
    tag: 'locations',
    access: PUBLIC,
    body: deliveryChargeRequest,
    response: deliveryChargeResponse,
    failures: 'spec',
  }),
};
