import { kiosksCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, staffCall } from '../../../api';
import { kioskKeys } from './kiosk-keys';

/** What `data` holds: the card provider's answer as JSON text, as the spec's client read it. */
const deviceCodeData = z.object({
  device_code: z.object({ code: z.string().min(1), pair_by: z.string() }),
});

export interface DeviceCode {
  code: string;
  /** When the code stops working. */
  pairBy: Date;
}

export interface DeviceCodeRequest {
  kioskId: number;
  kioskName: string;
}

function readDeviceCode(text: string): DeviceCode {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = deviceCodeData.safeParse(json);
  const pairBy = parsed.success ? new Date(parsed.data.device_code.pair_by) : null;
  if (!parsed.success || !pairBy || Number.isNaN(pairBy.getTime())) {
    console.warn('Unexpected device code from create_device_code', parsed.success ? text : parsed.error);
    throw new ApiError(200, 'The server sent an unexpected device code.');
  }
  return { code: parsed.data.device_code.code, pairBy };
}

/** create_device_code: a code the kiosk's card terminal signs in with; the server keeps it on the kiosk. */
export async function createDeviceCode({ kioskId, kioskName }: DeviceCodeRequest): Promise<DeviceCode> {
  const { data } = await staffCall(kiosksCalls.createDeviceCode, {
    kiosk_id: kioskId,
    kiosk_name: kioskName,
  });
  return readDeviceCode(data);
}

/**
 * The list is read again as soon as the code exists: the kiosk shows it as waiting and the list
 * keeps reading itself until the terminal pairs or the code expires. A refusal by Square (422)
 * carries Square's own reason, shown as is.
 */
export function useCreateDeviceCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeviceCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.list() }),
  });
}
