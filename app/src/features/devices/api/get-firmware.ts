import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { FirmwareRow } from '../types';
import { deviceKeys } from './keys';

export interface FirmwareListParams {
  /** part number */
  model?: string;
  /** part of the version (`keyword`) */
  keyword?: string;
}

/** POST /api/web/device/getUrlList {model?, keyword?} → firmware images, newest first. */
export const getFirmware = pageCall<FirmwareListParams, FirmwareRow>('/web/device/getUrlList');

export function useFirmware(params: FirmwareListParams & Paging) {
  return usePageQuery(deviceKeys.firmware, getFirmware, params);
}
