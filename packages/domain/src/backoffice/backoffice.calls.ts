import { z } from 'zod';
import { BACK_OFFICE, ENDPOINTS, queryCall, routeCall, staff } from '../wire/calls.js';
import {
  dashboardRequest,
  dashboardResponse,
  externalOperatorsResponse,
  ordersDataRequest,
  ordersDataResponse,
  ordersExportRequest,
  reportsDataRequest,
  reportsDataResponse,
} from './backoffice.schemas.js';

/** The calls of the backoffice area (packages/domain/src/wire/calls.ts). */
export const backofficeCalls = {
  dashboardData: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'dashboard_data',
    summary:
      "Dashboard figures for a date range (each location's own calendar days): totals by source, cash and card, stock sent, orders, averages, by vendor, by hour, items sold and the detail modals. An operator always gets their own location.",
    access: BACK_OFFICE,
    audit: false,
    input: dashboardRequest,
    response: dashboardResponse,
    failures: 'spec',
  }),
  ordersData: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'orders_data',
    summary:
      'Customer orders of every channel, newest first, one page at a time, with lines; filters by status, source and search. An operator always gets their own location.',
    access: BACK_OFFICE,
    audit: false,
    input: ordersDataRequest,
    response: ordersDataResponse,
    failures: 'spec',
  }),
  externalOperators: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'external_operators',
    summary: 'External operators (franchisee businesses) by business name.',
    access: staff('super_admin'),
    audit: false,
    input: z.object({}),
    response: externalOperatorsResponse,
    failures: 'spec',
  }),
  reportsData: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'reports_data',
    summary: "An external operator's sales over a date range, in total and per location.",
    access: staff('super_admin'),
    audit: false,
    input: reportsDataRequest,
    response: reportsDataResponse,
    failures: 'spec',
  }),
  exportOrders: routeCall({
    method: 'POST',
    url: '/api/v1/admin-data/export/orders/',
    summary:
      'The customer order list as CSV (one row per order line), with the same filters as orders_data and no paging.',
    tag: 'back office',
    access: BACK_OFFICE,
    audit: false,
    body: ordersExportRequest,
    response: z.string(),
    failures: 'status',
  }),
};
