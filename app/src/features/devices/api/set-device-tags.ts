import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { deviceKeys } from './keys';

/** POST /api/tag/set_device {deviceId, tagIds}: replaces a device's tags. */
export const setDeviceTags = postCall<{ deviceId: number; tagIds: number[] }>('/tag/set_device');

export function useSetDeviceTags() {
  return useApiMutation(setDeviceTags, { invalidate: [deviceKeys.devices] });
}
