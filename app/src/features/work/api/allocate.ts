import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Allocation, OrderDetail } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/allocation → OrderDetail: assigns the order. */
export const allocate = postCall<Allocation, OrderDetail>('/work/allocation');

export function useAllocate() {
  return useApiMutation(allocate, { invalidate: [workKeys.orders] });
}
