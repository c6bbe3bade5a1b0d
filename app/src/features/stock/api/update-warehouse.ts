import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Warehouse, WarehouseInput } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/updateWarehouse {id, name?, address?, keeper?, phone?, remark?} → Warehouse. */
export const updateWarehouse = postCall<WarehouseInput & { id: number }, Warehouse>('/web/drp/updateWarehouse');

export function useUpdateWarehouse() {
  return useApiMutation(updateWarehouse, { invalidate: [stockKeys.warehouses, stockKeys.balances] });
}
