import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderDetail, OrderInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save → OrderDetail: opens (no id) or changes an order. */
export const saveOrder = postCall<OrderInput, OrderDetail>('/work/save');

export function useSaveOrder() {
  return useApiMutation(saveOrder, { invalidate: [workKeys.orders] });
}
