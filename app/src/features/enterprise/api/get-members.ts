import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Member } from '../types';
import { enterpriseKeys } from './keys';

export interface MemberListParams {
  page: number;
  pageSize: number;
  keyword?: string;
  phone?: string;
  authorityId?: number;
  /** Platform staff may list any enterprise's members; others get their current enterprise's. */
  enterpriseId?: number;
}

/** POST /api/web/ent/userList → members of an enterprise (default: the acting one) with their role there. */
export async function getMembers(params: MemberListParams, signal?: AbortSignal): Promise<PageResult<Member>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Member>>>('/web/ent/userList', { ...params }, { signal })));
}

export function useMembers(params: MemberListParams, enabled = true) {
  return useQuery({
    queryKey: [...enterpriseKeys.members, params],
    queryFn: ({ signal }) => getMembers(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
