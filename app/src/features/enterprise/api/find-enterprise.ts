import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { EnterpriseDetail } from '../types';
import { enterpriseKeys } from './keys';

/** GET /api/tbEnterprise/findTbEnterprise?entId= → one enterprise in full (default: the acting one). */
export async function findEnterprise(entId: number | null, signal?: AbortSignal): Promise<EnterpriseDetail> {
  return unwrap(await api.get<EnterpriseDetail>('/tbEnterprise/findTbEnterprise', entId === null ? {} : { entId }, { signal }));
}

export function useEnterpriseDetail(entId: number | null, enabled = true) {
  return useQuery({ queryKey: [...enterpriseKeys.detail, entId], queryFn: ({ signal }) => findEnterprise(entId, signal), enabled });
}
