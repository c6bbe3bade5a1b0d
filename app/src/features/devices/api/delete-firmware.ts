import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/web/device/delUrlList {ids}: refused while an upgrade under way uses an image. */
export const deleteFirmware = postCall<{ ids: number[] }>('/web/device/delUrlList');

export function useDeleteFirmware() {
  return useApiMutation(deleteFirmware, { invalidate: [deviceKeys.firmware] });
}
