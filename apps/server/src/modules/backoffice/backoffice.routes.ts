import {
  dashboardRequest,
  dashboardResponse,
  externalOperatorsResponse,
  ordersDataRequest,
  ordersDataResponse,
  ordersExportRequest,
  reportsDataRequest,
  reportsDataResponse,
} from '@kitchaco/domain';
import { z } from 'zod';
import { staff } from '../../http/actor.js';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import { ordersCsv } from './backoffice.csv.js';
import {
  dashboardData,
  externalOperatorList,
  ordersData,
  ordersForExport,
  reportsData,
} from './backoffice.service.js';

/** Dashboards and order lists: the super admin for any location, an operator for their own. */
const BACK_OFFICE = staff('super_admin', 'operator');

export const backofficeModule: Module = {
  routes: [
    defineRoute({
      method: 'POST',
      url: '/api/v1/admin-data/export/orders/',
      summary:
        'The customer order list as CSV (one row per order line), with the same filters as orders_data and no paging.',
      tag: 'back office',
      access: BACK_OFFICE,
      body: ordersExportRequest,
      response: z.string(),
      download: {
        contentType: 'text/csv; charset=utf-8',
        filename: ({ body }) => `orders-${body.start_date}-${body.end_date}.csv`,
      },
      handler: async (ctx, { body }) => ordersCsv(await ordersForExport(ctx.app, ctx.actor, body)),
    }),
  ],
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'dashboard_data',
      summary:
        "Dashboard figures for a date range (each location's own calendar days): totals by source, cash and card, stock sent, orders, averages, by vendor, by hour, items sold and the detail modals. An operator always gets their own location.",
      access: BACK_OFFICE,
      input: dashboardRequest,
      response: dashboardResponse,
      handler: (ctx, input) => dashboardData(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'orders_data',
      summary:
        'Customer orders of every channel, newest first, one page at a time, with lines; filters by status, source and search. An operator always gets their own location.',
      access: BACK_OFFICE,
      input: ordersDataRequest,
      response: ordersDataResponse,
      handler: (ctx, input) => ordersData(ctx.app, ctx.actor, input),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'external_operators',
      summary: 'External operators (franchisee businesses) by business name.',
      access: staff('super_admin'),
      input: z.object({}),
      response: externalOperatorsResponse,
      handler: (ctx) => externalOperatorList(ctx.app),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'reports_data',
      summary: "An external operator's sales over a date range, in total and per location.",
      access: staff('super_admin'),
      input: reportsDataRequest,
      response: reportsDataResponse,
      handler: (ctx, input) => reportsData(ctx.app, input),
    }),
  ],
};
