import { kitchenCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import {
  addClosure,
  kitchenAvailability,
  removeClosure,
  saveOpeningHours,
  setMealSoldOut,
} from './availability.service.js';
import {
  bumpKitchenTicket,
  kitchenCapacity,
  kitchenTickets,
  pickupBoard,
  pickupBoardLink,
  saveKitchenCapacity,
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
    defineCall(kitchenCalls.kitchenCapacity, {
      handler: (ctx, input) => kitchenCapacity(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.saveKitchenCapacity, {
      handler: (ctx, input) => saveKitchenCapacity(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.kitchenAvailability, {
      handler: (ctx, input) => kitchenAvailability(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.setMealSoldOut, {
      handler: (ctx, input) => setMealSoldOut(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.saveOpeningHours, {
      handler: (ctx, input) => saveOpeningHours(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.addClosure, {
      handler: (ctx, input) => addClosure(ctx.app, ctx.actor, input),
    }),
    defineCall(kitchenCalls.removeClosure, {
      handler: (ctx, input) => removeClosure(ctx.app, ctx.actor, input),
    }),
  ],
};
