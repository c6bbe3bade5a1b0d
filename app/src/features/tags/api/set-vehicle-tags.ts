import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { TAG_WRITES } from './keys';

/** POST /api/tag/setTags {vehicleId, tagIds}: the vehicle's tags from now on (kept links keep their values). */
export const setVehicleTags = postCall<{ vehicleId: number; tagIds: number[] }>('/tag/setTags');

export function useSetVehicleTags() {
  return useApiMutation(setVehicleTags, { invalidate: TAG_WRITES });
}
