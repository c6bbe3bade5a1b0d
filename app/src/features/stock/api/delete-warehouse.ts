import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { stockKeys } from './keys';

/** POST /api/web/drp/delWarehouse {id}: refused while it holds stock or tyres. */
export const deleteWarehouse = postCall<{ id: number }>('/web/drp/delWarehouse');

export function useDeleteWarehouse() {
  return useApiMutation(deleteWarehouse, { invalidate: [stockKeys.warehouses] });
}
