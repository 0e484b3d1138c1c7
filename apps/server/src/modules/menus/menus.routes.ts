import { menusCalls } from '@kitchaco/domain';
import { defineCall, type Module } from '../../http/registry.js';
import * as menus from './menus.service.js';

export const menusModule: Module = {
  calls: [
    defineCall(menusCalls.adminMenu, {
      handler: (ctx, input) => menus.adminMenu(ctx.app, ctx.actor, input.kitchaco_location),
    }),
    defineCall(menusCalls.adminCategories, {
      handler: (ctx) => menus.categories(ctx.app),
    }),
    defineCall(menusCalls.getSpecificMenuItem, {
      handler: (ctx, input) => menus.specificMenuItem(ctx.app, ctx.actor, input.meal_id),
    }),
    defineCall(menusCalls.updateMenu, {
      handler: (ctx, input) => menus.updateMenu(ctx.app, ctx.actor, input),
    }),
    defineCall(menusCalls.addMenuSubitemCombo, {
      handler: (ctx, input) => menus.addComboOrSubitem(ctx.app, ctx.actor, input),
    }),
    defineCall(menusCalls.addMenu, {
      handler: (ctx, input) => menus.addMenu(ctx.app, ctx.actor, input),
    }),
    defineCall(menusCalls.menuReviewQueue, {
      handler: (ctx) => menus.reviewQueue(ctx.app),
    }),
    defineCall(menusCalls.reviewMenuItem, {
      handler: (ctx, input) => menus.reviewMenuItem(ctx.app, ctx.actor, input),
    }),
  ],
};
