import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { SensorRow } from '../types';
import { deviceKeys } from './keys';

export interface SensorListParams {
  keyword?: string;
  entId?: number;
  deviceId?: number;
  imei?: string;
  carId?: number;
  kind?: number;
  bound?: boolean;
}

/** POST /api/web/device/sensor_list → sensors with their wheel and latest reading. */
export const getSensors = pageCall<SensorListParams, SensorRow>('/web/device/sensor_list');

export function useSensors(params: SensorListParams & Paging) {
  return usePageQuery(deviceKeys.sensors, getSensors, params);
}
