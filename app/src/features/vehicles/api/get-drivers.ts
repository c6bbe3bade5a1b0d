import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { DriverRow } from '../types';
import { vehiclesKey } from './keys';

export interface DriverListParams {
  keyword?: string;
  carId?: number;
  entId?: number;
  /** Full phone numbers (for an editor). */
  edit?: boolean;
}

/** POST /api/web/car/driverList → PageResult<DriverRow>, newest first. */
export const getDrivers = pageCall<DriverListParams, DriverRow>('/web/car/driverList');

export const driversKey = [...vehiclesKey, 'drivers'] as const;

export function useDrivers(params: DriverListParams & Paging) {
  return usePageQuery(driversKey, getDrivers, params);
}
