import { postCall, useCallQuery } from '@/lib/calls';
import type { OrderRef, Related } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/related_users → Related[]: everyone on the order with their roles. */
export const getRelatedUsers = postCall<OrderRef, Related[]>('/work/related_users');

export function useRelatedUsers(payload: OrderRef, enabled = true) {
  return useCallQuery([...workKeys.order, 'get-related-users'], getRelatedUsers, payload, enabled);
}
