import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { DefaultsUsage } from '../types';
import { enterpriseKeys } from './keys';

/**
 * GET /api/tbEnterpriseAlarm/defaultUsage?page=&pageSize= → how many enterprises follow the platform's default
 * thresholds, and a page of those with values of their own (most recently changed first). Platform staff only.
 */
export async function getDefaultsUsage(page: number, pageSize: number, signal?: AbortSignal): Promise<DefaultsUsage> {
  return unwrap(await api.get<DefaultsUsage>('/tbEnterpriseAlarm/defaultUsage', { page, pageSize }, { signal }));
}

export function useDefaultsUsage(page: number, pageSize: number) {
  // under the alarm root: saving any enterprise's thresholds changes who follows the defaults
  return useQuery({
    queryKey: [...enterpriseKeys.alarm, 'usage', page, pageSize],
    queryFn: ({ signal }) => getDefaultsUsage(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
