import { kiosksCalls } from '@kitchaco/domain';
import { defineCall, type Module } from '../../http/registry.js';
import { allKiosks, createDeviceCode } from './kiosks.service.js';

export const kiosksModule: Module = {
  calls: [
    defineCall(kiosksCalls.adminGetAllKiosks, {
      handler: (ctx) => allKiosks(ctx.app),
    }),
    defineCall(kiosksCalls.createDeviceCode, {
      handler: (ctx, input) => createDeviceCode(ctx.app, input),
    }),
  ],
};
