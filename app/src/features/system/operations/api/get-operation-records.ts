import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { OperationRecord } from '../../types';

export interface OperationListParams {
  page: number;
  pageSize: number;
  method?: string;
  path?: string;
  status?: number;
}

/** GET /api/sysOperationRecord/getSysOperationRecordList?page&pageSize&method&path&status. */
export async function getOperationRecords(params: OperationListParams, signal?: AbortSignal): Promise<PageResult<OperationRecord>> {
  return asPage(unwrap(await api.get<Partial<PageResult<OperationRecord>>>('/sysOperationRecord/getSysOperationRecordList', { ...params }, { signal })));
}

export function useOperationRecords(params: OperationListParams) {
  return useQuery({
    queryKey: ['system', 'operations', params],
    queryFn: ({ signal }) => getOperationRecords(params, signal),
    placeholderData: keepPreviousData,
  });
}
