import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { DriverRow } from '../types';
import { vehiclesKey } from './keys';

export interface DriverListParams {
  keyword?: string;
  carId?: number;
}

/** POST /api/web/car/driverList → PageResult<DriverRow> (shape assumed). */
export const getDrivers = pageCall<DriverListParams, DriverRow>('/web/car/driverList');

export const driversKey = [...vehiclesKey, 'drivers'] as const;

export function useDrivers(params: DriverListParams & Paging) {
  return usePageQuery(driversKey, getDrivers, params);
}
