import {
  addComboSubitemRequest,
  addMenuRequest,
  addMenuResponse,
  adminMenuRequest,
  adminMenuResponse,
  categoriesResponse,
  MAX_IMAGE_BYTES,
  menuSuccessResponse,
  reviewMenuItemRequest,
  reviewQueueResponse,
  specificMenuItemRequest,
  specificMenuItemResponse,
  updateMenuRequest,
} from '@kitchaco/domain';
import { z } from 'zod';
import { staff } from '../../http/actor.js';
import { defineCall, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import * as menus from './menus.service.js';

/** Menu management: the super admin for every brand, an operator for their own location's. */
const MENU_STAFF = staff('super_admin', 'operator');
/** Room for a 5 MB image in base64 plus the rest of the form. */
const IMAGE_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export const menusModule: Module = {
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'admin_menu',
      summary:
        'Brands with every meal in any status, combos and sub-items; for a location (0 = all for the super admin). An operator always gets their own location.',
      access: MENU_STAFF,
      input: adminMenuRequest,
      response: adminMenuResponse,
      handler: (ctx, input) => menus.adminMenu(ctx.app, ctx.actor, input.kitchaco_location),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'admin_categories',
      summary: 'Meal categories.',
      access: MENU_STAFF,
      input: z.object({}),
      response: categoriesResponse,
      handler: (ctx) => menus.categories(ctx.app),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'get_specific_menu_item',
      summary: 'One meal with its combos and sub-items, for the edit page.',
      access: MENU_STAFF,
      input: specificMenuItemRequest,
      response: specificMenuItemResponse,
      handler: (ctx, input) => menus.specificMenuItem(ctx.app, ctx.actor, input.meal_id),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'update_menu',
      summary:
        "Saves a meal, its combos and sub-items, and a new image (base64 JPEG, PNG or WebP, at most 5 MB; resized and stored). An operator's change waits for review.",
      access: MENU_STAFF,
      bodyLimit: IMAGE_BODY_LIMIT,
      input: updateMenuRequest,
      response: menuSuccessResponse,
      handler: (ctx, input) => menus.updateMenu(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'add_menu_subitem_combo',
      summary:
        "Adds a combo (paid extra) or a sub-item (free choice) to a meal; an operator's waits for review.",
      access: MENU_STAFF,
      input: addComboSubitemRequest,
      response: menuSuccessResponse,
      handler: (ctx, input) => menus.addComboOrSubitem(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'add_menu',
      summary:
        "Adds a meal to a brand (category 51 by default). A super admin's meal is Enabled by default; an operator's waits for review.",
      access: MENU_STAFF,
      bodyLimit: IMAGE_BODY_LIMIT,
      input: addMenuRequest,
      response: addMenuResponse,
      handler: (ctx, input) => menus.addMenu(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'menu_review_queue',
      summary: 'Meals, combos and sub-items operators added or changed, waiting for review.',
      access: staff('super_admin'),
      input: z.object({}),
      response: reviewQueueResponse,
      handler: (ctx) => menus.reviewQueue(ctx.app),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'review_menu_item',
      summary: 'Enables, disables or rejects one waiting meal, combo or sub-item.',
      access: staff('super_admin'),
      input: reviewMenuItemRequest,
      response: menuSuccessResponse,
      handler: (ctx, input) => menus.reviewMenuItem(ctx.app, input),
    }),
  ],
};
