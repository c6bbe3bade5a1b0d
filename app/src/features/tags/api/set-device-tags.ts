import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { TAG_WRITES } from './keys';

/** POST /api/tag/set_device {id, tagIds}: the device's tags from now on (kept links keep their values). */
export const setDeviceTags = postCall<{ id: number; tagIds: number[] }>('/tag/set_device');

export function useSetDeviceTags() {
  return useApiMutation(setDeviceTags, { invalidate: TAG_WRITES });
}
