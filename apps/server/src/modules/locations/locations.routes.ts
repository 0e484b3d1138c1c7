import { kitchacoLocationList, kitchacoLocationsResponse } from '@kitchaco/domain';
import { z } from 'zod';
import { PUBLIC, staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import { listLocations } from './locations.service.js';

export const LOCATION_ENDPOINT = '/api/v1/kitchaco-location/';

export const locationsModule: Module = {
  routes: [
    defineRoute({
      method: 'GET',
      url: LOCATION_ENDPOINT,
      summary: 'Pickup locations, sorted by id.',
      tag: 'locations',
      access: PUBLIC,
      response: kitchacoLocationList,
      catalogCacheKey: () => '',
      handler: (ctx) => listLocations(ctx.app),
    }),
  ],
  calls: [
    defineCall({
      endpoint: LOCATION_ENDPOINT,
      queryType: 'kitchaco_locations',
      summary: 'Pickup locations (the location endpoint of the back office).',
      access: PUBLIC,
      input: z.object({}),
      response: kitchacoLocationsResponse,
      handler: async (ctx) => ({ kitchaco_locations: await listLocations(ctx.app) }),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'kitchaco_locations',
      summary: 'Pickup locations for the back-office filters.',
      access: staff('super_admin', 'operator', 'stock_admin', 'stock_user'),
      input: z.object({}),
      response: kitchacoLocationsResponse,
      handler: async (ctx) => ({ kitchaco_locations: await listLocations(ctx.app) }),
    }),
  ],
};
