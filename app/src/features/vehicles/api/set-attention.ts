import { postCall } from '../../../lib/calls';
import { useApiMutation } from '../../../lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/attention {carIds, attention}: follows (or stops following) the vehicles. */
export const setAttention = postCall<{ carIds: number[]; attention: boolean }>('/web/car/attention');

export function useSetAttention() {
  return useApiMutation(setAttention, { invalidate: [vehiclesKey] });
}
