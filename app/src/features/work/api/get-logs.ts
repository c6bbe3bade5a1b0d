import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { LogListQuery, LogRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/up_log → PageResult<LogRow>: an order's timeline, oldest first. */
export const getLogs = pageCall<Omit<LogListQuery, 'page' | 'pageSize'>, LogRow>('/work/up_log');

export function useLogs(params: Omit<LogListQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.order, 'get-logs'], getLogs, params);
}
