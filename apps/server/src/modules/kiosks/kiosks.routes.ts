import { createDeviceCodeRequest, createDeviceCodeResponse, kiosksResponse } from '@kitchaco/domain';
import { z } from 'zod';
import { staff } from '../../http/actor.js';
import { defineCall, type Module } from '../../http/registry.js';
import { ADMIN_DATA } from '../auth/auth.routes.js';
import { allKiosks, createDeviceCode } from './kiosks.service.js';

export const kiosksModule: Module = {
  calls: [
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'admin_get_all_kiosks',
      summary: 'Kiosks per location with their card terminal codes (POS Devices).',
      access: staff('super_admin'),
      input: z.object({}),
      response: kiosksResponse,
      handler: (ctx) => allKiosks(ctx.app),
    }),
    defineCall({
      endpoint: ADMIN_DATA,
      queryType: 'create_device_code',
      summary:
        "Asks the card provider (Square's Devices API, or the local provider) for a terminal device code for a kiosk, valid 5 minutes.",
      access: staff('super_admin'),
      input: createDeviceCodeRequest,
      response: createDeviceCodeResponse,
      handler: (ctx, input) => createDeviceCode(ctx.app, input),
    }),
  ],
};
