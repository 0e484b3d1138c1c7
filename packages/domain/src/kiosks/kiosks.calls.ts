import { z } from 'zod';
import { ENDPOINTS, queryCall, staff } from '../wire/calls.js';
import { createDeviceCodeRequest, createDeviceCodeResponse, kiosksResponse } from './kiosks.schemas.js';

/** The calls of the kiosks area (packages/domain/src/wire/calls.ts). */
export const kiosksCalls = {
  adminGetAllKiosks: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_get_all_kiosks',
    summary: 'Kiosks per location with their card terminal codes (POS Devices).',
    access: staff('super_admin'),
    audit: false,
    input: z.object({}),
    response: kiosksResponse,
    failures: 'spec',
  }),
  createDeviceCode: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'create_device_code',
    summary:
      "Asks the card provider (Square's Devices API, or the local provider) for a terminal device code for a kiosk, valid 5 minutes.",
    access: staff('super_admin'),
    audit: { action: 'kiosk.device_code', entity: 'kiosk' },
    input: createDeviceCodeRequest,
    response: createDeviceCodeResponse,
    failures: 'spec',
    statuses: [404, 503],
  }),
};
