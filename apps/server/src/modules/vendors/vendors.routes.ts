import {
  addFeedPostRequest,
  deleteFeedPostRequest,
  feedList,
  feedPost,
  feedQuery,
  vendorFilters,
  vendorIdParams,
  vendorList,
  vendorListQuery,
  vendorMenu,
} from '@kitchaco/domain';
import { z } from 'zod';
import { PUBLIC, staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import * as vendors from './vendors.service.js';

export const vendorsModule: Module = {
  routes: [
    defineRoute({
      method: 'GET',
      url: '/api/v1/vendors/',
      summary: 'Active brands, optionally of one location (?kitchaco=id), with their kitchens.',
      tag: 'vendors',
      access: PUBLIC,
      query: vendorListQuery,
      response: vendorList,
      catalogCacheKey: ({ query }) => String(query.kitchaco ?? 'all'),
      handler: (ctx, { query }) => vendors.listVendors(ctx.app, query.kitchaco),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/vendor-filters/',
      summary: 'The kitchens (cuisines) brands are grouped by.',
      tag: 'vendors',
      access: PUBLIC,
      response: vendorFilters,
      catalogCacheKey: () => '',
      handler: (ctx) => vendors.vendorFilters(ctx.app),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/vendors/:id/menu/',
      summary:
        "A brand's menu: Enabled meals with their Enabled combos (paid) and sub-items (free, pick one).",
      tag: 'vendors',
      access: PUBLIC,
      params: vendorIdParams,
      response: vendorMenu,
      catalogCacheKey: ({ params }) => String(params.id),
      handler: (ctx, { params }) => vendors.vendorMenu(ctx.app, params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/feed/',
      summary: "Newest posts of the What's Latest feed.",
      tag: 'vendors',
      access: PUBLIC,
      query: feedQuery,
      response: feedList,
      catalogCacheKey: ({ query }) => String(query.limit),
      handler: (ctx, { query }) => vendors.listFeed(ctx.app, query.limit),
    }),
  ],
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'add_feed_post',
      summary: "Adds a post to the What's Latest feed.",
      access: staff('super_admin'),
      input: addFeedPostRequest,
      response: z.object({ success: z.literal(true), post: feedPost }),
      handler: (ctx, input) => vendors.addFeedPost(ctx.app, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'delete_feed_post',
      summary: "Removes a post from the What's Latest feed.",
      access: staff('super_admin'),
      input: deleteFeedPostRequest,
      response: z.object({ success: z.literal(true) }),
      handler: (ctx, input) => vendors.removeFeedPost(ctx.app, input.id),
    }),
  ],
};
