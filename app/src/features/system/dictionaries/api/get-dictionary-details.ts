import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { DictionaryDetail } from '../../types';

export interface DetailListParams {
  page: number;
  pageSize: number;
  sysDictionaryID: number;
  label?: string;
  value?: string;
  status?: string;
  /** Only the children of this detail. */
  parentID?: number;
  level?: number;
}

export const dictionaryDetailsKey = ['system', 'dictionaryDetails'] as const;

/** GET /api/sysDictionaryDetail/getSysDictionaryDetailList?page&pageSize&sysDictionaryID&label&value&status&parentID&level, by sort then id. */
export async function getDictionaryDetails(params: DetailListParams, signal?: AbortSignal): Promise<PageResult<DictionaryDetail>> {
  return asPage(unwrap(await api.get<Partial<PageResult<DictionaryDetail>>>('/sysDictionaryDetail/getSysDictionaryDetailList', { ...params }, { signal })));
}

export function useDictionaryDetails(params: DetailListParams) {
  return useQuery({
    queryKey: [...dictionaryDetailsKey, params],
    queryFn: ({ signal }) => getDictionaryDetails(params, signal),
    enabled: params.sysDictionaryID > 0,
    placeholderData: keepPreviousData,
  });
}
