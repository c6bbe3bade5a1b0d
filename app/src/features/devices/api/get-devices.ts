import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { DeviceRow } from '../types';
import { deviceKeys } from './keys';

export interface DeviceListParams {
  keyword?: string;
  entId?: number;
  partNo?: string;
  version?: string;
  online?: boolean;
  bound?: boolean;
  kind?: number;
  tagId?: number;
}

/** POST /api/web/device/list → PageResult<DeviceRow> (cancels the previous list call in flight). */
export const getDevices = pageCall<DeviceListParams, DeviceRow>('/web/device/list');

export function useDevices(params: DeviceListParams & Paging) {
  return usePageQuery(deviceKeys.devices, getDevices, params);
}

/** The same call as a lookup (picker options, exports): it runs beside the device list instead of cancelling it. */
export const getDeviceOptions = pageCall<DeviceListParams, DeviceRow>('/web/device/list', { noSupersede: true });

export function useDeviceOptions(params: DeviceListParams & Paging) {
  return usePageQuery([...deviceKeys.devices, 'options'], getDeviceOptions, params);
}
