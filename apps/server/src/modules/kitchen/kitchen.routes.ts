import { kitchenCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import {
  bumpKitchenTicket,
  kitchenTickets,
  pickupBoard,
  pickupBoardLink,
  streamKitchen,
} from './kitchen.service.js';

export const kitchenModule: Module = {
  routes: [
    defineRoute(kitchenCalls.kitchenEvents, {
      handler: async () => '',
      stream: (ctx, events, { query }) => streamKitchen(ctx.app, ctx.actor, events, query.kitchaco),
    }),
    defineRoute(kitchenCalls.pickupBoard, {
      handler: (ctx, { query }) => pickupBoard(ctx.app, query.display),
    }),
  ],
  calls: [
    defineCall(kitchenCalls.kitchenTickets, {
      handler: (ctx, input) => kitchenTickets(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.bumpKitchenTicket, {
      handler: (ctx, input) => bumpKitchenTicket(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.pickupBoardLink, {
      handler: (ctx, input) => pickupBoardLink(ctx.app, ctx.actor, input),
    }),
  ],
};
