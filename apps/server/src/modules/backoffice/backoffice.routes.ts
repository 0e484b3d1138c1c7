import { backofficeCalls } from '@kitchaco/domain';
import { defineCall, defineRoute, type Module } from '../../http/registry.js';
import { ordersCsv } from './backoffice.csv.js';
import { externalOperatorList, reportsData } from './backoffice.service.js';
import { dashboardData } from './dashboard.service.js';
import { ordersData, ordersForExport } from './order-lists.service.js';

export const backofficeModule: Module = {
  routes: [
    defineRoute(backofficeCalls.exportOrders, {
      download: {
        contentType: 'text/csv; charset=utf-8',
        filename: ({ body }) => `orders-${body.start_date}-${body.end_date}.csv`,
      },
      handler: async (ctx, { body }) => ordersCsv(await ordersForExport(ctx.app, ctx.actor, body)),
    }),
  ],
  calls: [
    defineCall(backofficeCalls.dashboardData, {
      handler: (ctx, input) => dashboardData(ctx.app, ctx.actor, input),
    }),
    defineCall(backofficeCalls.ordersData, {
      handler: (ctx, input) => ordersData(ctx.app, ctx.actor, input),
    }),
    defineCall(backofficeCalls.externalOperators, {
      handler: (ctx) => externalOperatorList(ctx.app),
    }),
    defineCall(backofficeCalls.reportsData, {
      handler: (ctx, input) => reportsData(ctx.app, input),
    }),
  ],
};
