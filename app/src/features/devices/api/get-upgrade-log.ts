import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { TaskRow } from '../types';
import { deviceKeys } from './keys';

export interface UpgradeLogParams {
  entId?: number;
  imei?: string;
  deviceId?: number;
  firmwareId?: number;
  status?: number;
}

/** POST /api/web/device/updateLog → upgrade tasks in scope, newest first. */
export const getUpgradeLog = pageCall<UpgradeLogParams, TaskRow>('/web/device/updateLog');

export function useUpgradeLog(params: UpgradeLogParams & Paging) {
  return usePageQuery(deviceKeys.tasks, getUpgradeLog, params);
}
