import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { DelWork, OrdersDeleted } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/del_work → OrdersDeleted: deletes orders (all or none). */
export const deleteOrders = postCall<DelWork, OrdersDeleted>('/work/del_work');

export function useDeleteOrders() {
  return useApiMutation(deleteOrders, { invalidate: [workKeys.orders] });
}
