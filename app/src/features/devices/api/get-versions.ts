import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { VersionCount } from '../types';
import { deviceKeys } from './keys';

export interface VersionParams {
  entId?: number;
  /** Filtered in the console (the call answers every model). */
  partNo?: string;
}

/** POST /api/web/device/version → part numbers (device models) with their versions and device counts. */
export const getVersions = pageCall<VersionParams, VersionCount>('/web/device/version');

export function useVersions(params: VersionParams & Paging) {
  return usePageQuery(deviceKeys.versions, getVersions, params);
}
