import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Invitation } from '../types';
import { enterpriseKeys } from './keys';

export type InvitePayload =
  | { type: 'member'; phone: string; authorityId: number; remark?: string; entId?: number }
  | { type: 'enterprise'; targetEntId: number; relationType: number; vehicleIds: number[]; remark?: string; entId?: number };

/** POST /api/web/ent/invite: a member by phone, or an enterprise into a relation; answered within seven days. */
export async function invite(payload: InvitePayload): Promise<Invitation> {
  return unwrap(await api.post<Invitation>('/web/ent/invite', { ...payload }));
}

export function useInvite() {
  return useApiMutation(invite, { invalidate: [enterpriseKeys.invitations] });
}
