import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { OperationRecord } from '../../types';

export interface OperationListParams {
  page: number;
  pageSize: number;
  /** Exact, any case. */
  method?: string;
  /** A part of the path. */
  path?: string;
  /** The HTTP status. */
  status?: number;
  userId?: number;
  /** RFC 3339, `YYYY-MM-DD HH:MM:SS` (UTC), a bare date, or epoch milliseconds. */
  startTime?: string;
  /** As startTime; a bare date means the whole day. */
  endTime?: string;
}

export const operationRecordsKey = ['system', 'operations'] as const;

/** GET /api/sysOperationRecord/getSysOperationRecordList?page&pageSize&method&path&status&userId&startTime&endTime, newest first. */
export async function getOperationRecords(params: OperationListParams, signal?: AbortSignal): Promise<PageResult<OperationRecord>> {
  return asPage(unwrap(await api.get<Partial<PageResult<OperationRecord>>>('/sysOperationRecord/getSysOperationRecordList', { ...params }, { signal })));
}
