import { locationsCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { deliveryCharges, listLocations } from './locations.service.js';

export const locationsModule: Module = {
  routes: [
    defineRoute(locationsCalls.listLocations, {
      catalogCacheKey: () => '',
      handler: (ctx) => listLocations(ctx.app),
    }),
    defineRoute(locationsCalls.deliveryCharge, {
      handler: (ctx, { query }) => deliveryCharges(ctx.app, query.kitchaco),
    }),
    defineRoute(locationsCalls.deliveryChargeByPost, {
      handler: (ctx, { body }) => deliveryCharges(ctx.app, body.kitchaco),
    }),
  ],
  calls: [
    defineCall(locationsCalls.kitchacoLocations, {
      handler: async (ctx) => ({ kitchaco_locations: await listLocations(ctx.app) }),
    }),
    defineCall(locationsCalls.adminKitchacoLocations, {
      handler: async (ctx) => ({ kitchaco_locations: await listLocations(ctx.app) }),
    }),
  ],
};
