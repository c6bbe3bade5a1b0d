import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { FirmwareRow } from '../types';
import { deviceKeys } from './keys';

export interface FirmwareListParams {
  model?: string;
  version?: string;
}

/** POST /api/web/device/getUrlList {model?, version?} → firmware images, newest first. */
export const getFirmware = pageCall<FirmwareListParams, FirmwareRow>('/web/device/getUrlList');

export function useFirmware(params: FirmwareListParams & Paging) {
  return usePageQuery(deviceKeys.firmware, getFirmware, params);
}
