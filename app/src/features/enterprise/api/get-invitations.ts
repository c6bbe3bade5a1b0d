import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Invitation, InvitationType } from '../types';
import { enterpriseKeys } from './keys';

export interface InvitationListParams {
  page: number;
  pageSize: number;
  box?: 'sent' | 'received' | 'all';
  type?: InvitationType;
  state?: number;
}

/** POST /api/web/ent/invitations → invitations the caller's side sent or received (incl. to the caller's phone). */
export async function getInvitations(params: InvitationListParams, signal?: AbortSignal): Promise<PageResult<Invitation>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Invitation>>>('/web/ent/invitations', { ...params }, { signal, noLoading: true })));
}

export function useInvitations(params: InvitationListParams, enabled = true) {
  return useQuery({
    queryKey: [...enterpriseKeys.invitations, 'list', params],
    queryFn: ({ signal }) => getInvitations(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
