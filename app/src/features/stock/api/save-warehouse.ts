import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Warehouse, WarehouseInput } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/saveWarehouse {name, address?, keeper?, phone?, remark?} → Warehouse (name unique per enterprise). */
export const saveWarehouse = postCall<WarehouseInput, Warehouse>('/web/drp/saveWarehouse');

export function useSaveWarehouse() {
  return useApiMutation(saveWarehouse, { invalidate: [stockKeys.warehouses] });
}
