import { healthCalls } from '@kitchaco/domain';
import { defineCall, type Module } from '../../http/registry.js';
import { adminHealth } from './health.service.js';
import { adminProviderCheck } from './provider-checks.service.js';

export const healthModule: Module = {
  calls: [
    defineCall(healthCalls.adminHealth, { handler: (ctx) => adminHealth(ctx.app) }),
    defineCall(healthCalls.adminProviderCheck, { handler: (ctx) => adminProviderCheck(ctx.app) }),
  ],
};
