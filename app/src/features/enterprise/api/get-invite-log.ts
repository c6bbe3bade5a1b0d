import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '../../../lib/query';
import { api } from '../../../lib/request';
import type { InvitationLog } from '../types';
import { enterpriseKeys } from './keys';

export interface InviteLogParams {
  page: number;
  pageSize: number;
  invitationId?: number;
}

/** POST /api/web/ent/inviteLog → what happened to invitations, by whom, newest first. */
export async function getInviteLog(params: InviteLogParams, signal?: AbortSignal): Promise<PageResult<InvitationLog>> {
  return asPage(unwrap(await api.post<Partial<PageResult<InvitationLog>>>('/web/ent/inviteLog', { ...params }, { signal })));
}

export function useInviteLog(params: InviteLogParams, enabled = true) {
  return useQuery({
    queryKey: [...enterpriseKeys.invitations, 'log', params],
    queryFn: ({ signal }) => getInviteLog(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
