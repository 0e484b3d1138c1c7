import {
  customerIdParams,
  customerProfile,
  loginPhoneRequest,
  loginPhoneResponse,
  sendSmsRequest,
  sendSmsResponse,
  staffCredentials,
  staffLoginResponse,
  updateCustomerRequest,
} from '@kitchaco/domain';
import { z } from 'zod';
import { CUSTOMER, PUBLIC } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import * as auth from './auth.service.js';

export const ADMIN_DATA = '/api/v1/admin-data/';
export const STOCK_LOGIN = '/api/v1/stock-login/';
export const STOCK_ADMIN_LOGIN = '/api/v1/stock-admin-user/';

export const authModule: Module = {
  routes: [
    defineRoute({
      method: 'POST',
      url: '/api/v1/send-sms/',
      summary: 'Sends a 4-digit sign-in code by SMS (AU and UK numbers; rate-limited per phone and address).',
      tag: 'auth',
      access: PUBLIC,
      body: sendSmsRequest,
      response: sendSmsResponse,
      handler: (ctx, { body }) => auth.sendSmsCode(ctx.app, body.phone, ctx.clientAddress),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/login-phone/',
      summary: 'Signs a customer in with phone and code; a new phone becomes a new customer.',
      tag: 'auth',
      access: PUBLIC,
      body: loginPhoneRequest,
      response: loginPhoneResponse,
      handler: (ctx, { body }) => auth.loginWithCode(ctx.app, body.phone, body.code, ctx.clientAddress),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/v1/customers/:id/',
      summary: "The signed-in customer's profile.",
      tag: 'auth',
      access: CUSTOMER,
      params: customerIdParams,
      response: customerProfile,
      handler: (ctx, { params }) => auth.getCustomer(ctx.app, ctx.actor, params.id),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/v1/customers/:id/',
      summary: "Updates the signed-in customer's name and email (and optionally address and location).",
      tag: 'auth',
      access: CUSTOMER,
      params: customerIdParams,
      body: updateCustomerRequest,
      response: customerProfile,
      handler: (ctx, { params, body }) => auth.updateCustomer(ctx.app, ctx.actor, params.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/v1/logout/',
      summary: 'Revokes the token sent in the Authorization header (customer or staff).',
      tag: 'auth',
      access: PUBLIC,
      response: z.object({ success: z.literal(true) }),
      handler: (ctx) => auth.logout(ctx.app, ctx.token),
    }),
  ],
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'admin_login',
      summary: 'Super admin and operator sign-in: any staff account gets its role flags; the page decides.',
      access: PUBLIC,
      input: staffCredentials,
      response: staffLoginResponse,
      handler: (ctx, input) => auth.staffLogin(ctx.app, 'admin', input),
    }),
    defineCall({
      endpoint: STOCK_LOGIN,
      queryType: 'login',
      summary: 'Stock user sign-in; refuses super admins and non-stock users with the spec messages.',
      access: PUBLIC,
      input: staffCredentials,
      response: staffLoginResponse,
      handler: (ctx, input) => auth.staffLogin(ctx.app, 'stock', input),
    }),
    defineCall({
      endpoint: STOCK_ADMIN_LOGIN,
      queryType: 'login',
      summary: 'Stock admin sign-in (stock admins and super admins).',
      access: PUBLIC,
      input: staffCredentials,
      response: staffLoginResponse,
      handler: (ctx, input) => auth.staffLogin(ctx.app, 'stock_admin', input),
    }),
  ],
};
