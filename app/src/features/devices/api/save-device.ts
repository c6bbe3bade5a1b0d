import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/imei: registers a device (no id) or updates it → DeviceRow. */
export const saveDevice = postCall<{ id?: number; entId?: number; imei: string; sn?: string; partNo?: string; version?: string; iccid?: string; kind?: number; parentImei?: string; remark?: string }>('/web/device/imei');

export function useSaveDevice() {
  return useApiMutation(saveDevice, { invalidate: [deviceKeys.devices] });
}
