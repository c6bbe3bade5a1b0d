import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Member } from '../types';
import { enterpriseKeys } from './keys';

export interface SetRolePayload {
  userId: number;
  authorityId: number;
  entId?: number;
}

/** POST /api/web/ent/setRole {userId, authorityId, entId?}: a member's role in an enterprise (not one's own). */
export async function setMemberRole(payload: SetRolePayload): Promise<Member> {
  return unwrap(await api.post<Member>('/web/ent/setRole', { ...payload }));
}

export function useSetMemberRole() {
  return useApiMutation(setMemberRole, { invalidate: [enterpriseKeys.members] });
}
