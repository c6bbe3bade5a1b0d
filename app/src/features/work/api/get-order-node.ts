import { postCall, useCallQuery } from '@/lib/calls';
import type { NodeDetail, NodeQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/workSetting/detail {orderId} → NodeDetail: the order's current node with what it asks (fields, then functions) and the steps. */
export const getOrderNode = postCall<NodeQuery, NodeDetail>('/workSetting/detail');

export function useOrderNode(payload: NodeQuery, enabled = true) {
  return useCallQuery([...workKeys.order, 'get-order-node'], getOrderNode, payload, enabled);
}
