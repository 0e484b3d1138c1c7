import { vendorsCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import * as vendors from './vendors.service.js';

export const vendorsModule: Module = {
  routes: [
    defineRoute(vendorsCalls.listVendors, {
      catalogCacheKey: ({ query }) => String(query.kitchaco ?? 'all'),
      handler: (ctx, { query }) => vendors.listVendors(ctx.app, query.kitchaco),
    }),
    defineRoute(vendorsCalls.vendorFilters, {
      catalogCacheKey: () => '',
      handler: (ctx) => vendors.vendorFilters(ctx.app),
    }),
    defineRoute(vendorsCalls.vendorMenu, {
      catalogCacheKey: ({ params }) => String(params.id),
      handler: (ctx, { params }) => vendors.vendorMenu(ctx.app, params.id),
    }),
    defineRoute(vendorsCalls.feed, {
      catalogCacheKey: ({ query }) => String(query.limit),
      handler: (ctx, { query }) => vendors.listFeed(ctx.app, query.limit),
    }),
    defineRoute(vendorsCalls.mealCombo, {
      handler: (ctx, { query }) => vendors.mealCombos(ctx.app, query.meal_id),
    }),
    defineRoute(vendorsCalls.mealComboByPost, {
      handler: (ctx, { body }) => vendors.mealCombos(ctx.app, body.meal_id),
    }),
  ],
  calls: [
    defineCall(vendorsCalls.addFeedPost, {
      handler: (ctx, input) => vendors.addFeedPost(ctx.app, input),
    }),
    defineCall(vendorsCalls.deleteFeedPost, {
      handler: (ctx, input) => vendors.removeFeedPost(ctx.app, input.id),
    }),
  ],
};
