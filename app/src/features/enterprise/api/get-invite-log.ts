import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { InvitationLog } from '../types';

export interface InviteLogParams {
  page: number;
  pageSize: number;
  invitationId?: number;
}

/** POST /api/web/ent/inviteLog → what happened to invitations, by whom, newest first. */
export async function getInviteLog(params: InviteLogParams, signal?: AbortSignal): Promise<PageResult<InvitationLog>> {
  return asPage(unwrap(await api.post<Partial<PageResult<InvitationLog>>>('/web/ent/inviteLog', { ...params }, { signal })));
}
