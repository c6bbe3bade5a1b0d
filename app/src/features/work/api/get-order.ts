import { postCall, useCallQuery } from '@/lib/calls';
import type { OrderDetail, OrderRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/info → OrderDetail: the order with its links, `writable` and `nextStates`. */
export const getOrder = postCall<OrderRef, OrderDetail>('/work/info');

export function useOrder(payload: OrderRef, enabled = true) {
  return useCallQuery([...workKeys.orders, 'get-order'], getOrder, payload, enabled);
}
