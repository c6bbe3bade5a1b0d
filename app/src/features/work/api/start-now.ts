import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderDetail, OrderRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/immediately → OrderDetail: starts a pending order as its assignee (an unassigned one is taken by the caller). */
export const startNow = postCall<OrderRef, OrderDetail>('/work/immediately');

export function useStartNow() {
  return useApiMutation(startNow, { invalidate: [workKeys.orders, workKeys.states] });
}
