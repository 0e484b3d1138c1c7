import { authCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import * as auth from './auth.service.js';

export const authModule: Module = {
  routes: [
    defineRoute(authCalls.sendSms, {
      handler: (ctx, { body }) => auth.sendSmsCode(ctx.app, body.phone, ctx.clientAddress),
    }),
    defineRoute(authCalls.loginPhone, {
      handler: (ctx, { body }) => auth.loginWithCode(ctx.app, body.phone, body.code, ctx.clientAddress),
    }),
    defineRoute(authCalls.getCustomer, {
      handler: (ctx, { params }) => auth.getCustomer(ctx.app, ctx.actor, params.id),
    }),
    defineRoute(authCalls.updateCustomer, {
      handler: (ctx, { params, body }) => auth.updateCustomer(ctx.app, ctx.actor, params.id, body),
    }),
    defineRoute(authCalls.logout, {
      handler: (ctx) => auth.logout(ctx.app, ctx.token),
    }),
    defineRoute(authCalls.loginFacebook, {
      handler: (ctx, { body }) => auth.loginWithFacebook(ctx.app, body.access_token),
    }),
  ],
  calls: [
    defineCall(authCalls.adminLogin, {
      handler: (ctx, input) => auth.staffLogin(ctx.app, 'admin', input),
    }),
    defineCall(authCalls.stockLogin, {
      handler: (ctx, input) => auth.staffLogin(ctx.app, 'stock', input),
    }),
    defineCall(authCalls.stockAdminLogin, {
      handler: (ctx, input) => auth.staffLogin(ctx.app, 'stock_admin', input),
    }),
  ],
};
