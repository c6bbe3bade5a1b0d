import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/addBinUrl: registers a firmware image (platform staff). */
export const addFirmware = postCall<{ model: string; version: string; url?: string; fileId?: number; checksum?: string; size?: number; remark?: string }>('/web/device/addBinUrl');

export function useAddFirmware() {
  return useApiMutation(addFirmware, { invalidate: [deviceKeys.firmware] });
}
