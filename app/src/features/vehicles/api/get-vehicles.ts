import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { StateFilter, VehicleRow } from '../types';
import { vehiclesKey } from './keys';

export interface VehicleListParams {
  keyword?: string;
  groupId?: number;
  kind?: number;
  installState?: number;
  state?: StateFilter;
  /** Only this enterprise (platform staff: any; others: one they see). */
  entId?: number;
  sort?: 'id' | 'plate' | 'created' | 'finalTime' | 'installState';
  order?: 'asc' | 'desc';
}

/** POST /api/web/car/list → PageResult<VehicleRow> (cancels the previous list call in flight). */
export const getVehicles = pageCall<VehicleListParams, VehicleRow>('/web/car/list');

export const vehicleListKey = [...vehiclesKey, 'list'] as const;

export function useVehicles(params: VehicleListParams & Paging) {
  return usePageQuery(vehicleListKey, getVehicles, params);
}

/** The same call as a lookup (picker options, exports): it runs beside the fleet list instead of cancelling it. */
export const getVehicleOptions = pageCall<VehicleListParams, VehicleRow>('/web/car/list', { noSupersede: true });

export function useVehicleOptions(params: VehicleListParams & Paging) {
  return usePageQuery([...vehiclesKey, 'options'], getVehicleOptions, params);
}
