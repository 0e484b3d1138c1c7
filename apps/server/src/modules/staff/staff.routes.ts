import { staffCalls } from '@kitchaco/domain';
import { defineCall, type Module } from '../../http/registry.js';
import * as staff from './staff.service.js';

export const staffModule: Module = {
  calls: [
    defineCall(staffCalls.staffAccounts, {
      handler: (ctx) => staff.staffAccounts(ctx.app),
    }),
    defineCall(staffCalls.addStaffAccount, {
      handler: (ctx, input) => staff.addStaffAccount(ctx.app, input),
    }),
    defineCall(staffCalls.updateStaffAccount, {
      handler: (ctx, input) => staff.updateStaffAccount(ctx.app, ctx.actor, input),
    }),
    defineCall(staffCalls.resetStaffPassword, {
      handler: (ctx, input) => staff.resetStaffPassword(ctx.app, input.id),
    }),
    defineCall(staffCalls.changePassword, {
      handler: (ctx, input) => staff.changePassword(ctx.app, ctx.actor, input),
    }),
    defineCall(staffCalls.addLocation, {
      handler: (ctx, input) => staff.addLocation(ctx.app, input),
    }),
  ],
};
