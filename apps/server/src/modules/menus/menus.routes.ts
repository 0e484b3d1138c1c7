import { menusCalls } from '@kitchaco/domain';
import { defineCall, type Module } from '../../http/registry.js';
import { addComboOrSubitem, addMenu, updateMenu } from './menu-editing.service.js';
import { adminMenu, categories, specificMenuItem } from './menu-reading.service.js';
import { reviewMenuItem, reviewQueue } from './menu-review.service.js';

export const menusModule: Module = {
  calls: [
    defineCall(menusCalls.adminMenu, {
      handler: (ctx, input) => adminMenu(ctx.app, ctx.actor, input.kitchaco_location),
    }),
    defineCall(menusCalls.adminCategories, {
      handler: (ctx) => categories(ctx.app),
    }),
    defineCall(menusCalls.getSpecificMenuItem, {
      handler: (ctx, input) => specificMenuItem(ctx.app, ctx.actor, input.meal_id),
    }),
    defineCall(menusCalls.updateMenu, {
      handler: (ctx, input) => updateMenu(ctx.app, ctx.actor, input),
    }),
    defineCall(menusCalls.addMenuSubitemCombo, {
      handler: (ctx, input) => addComboOrSubitem(ctx.app, ctx.actor, input),
    }),
    defineCall(menusCalls.addMenu, {
      handler: (ctx, input) => addMenu(ctx.app, ctx.actor, input),
    }),
    defineCall(menusCalls.menuReviewQueue, {
      handler: (ctx) => reviewQueue(ctx.app),
    }),
    defineCall(menusCalls.reviewMenuItem, {
      handler: (ctx, input) => reviewMenuItem(ctx.app, ctx.actor, input),
    }),
  ],
};
