import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Warehouse, WarehouseListParams } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/warehouseList {keyword?} → PageResult<Warehouse> with what each holds. */
export const getWarehouses = pageCall<WarehouseListParams, Warehouse>('/web/drp/warehouseList');

const getWarehouseOptions = pageCall<WarehouseListParams, Warehouse>('/web/drp/warehouseList', { noSupersede: true });

/** Every warehouse (pages of 500), for the selects. */
export function useWarehouseOptions() {
  return usePageQuery([...stockKeys.warehouses, 'options'], getWarehouseOptions, { page: 1, pageSize: 500 } satisfies Paging);
}
