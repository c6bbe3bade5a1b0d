import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { authoritiesKey } from './get-authorities';

export interface AuthorityPayload {
  authorityId: number;
  authorityName: string;
  parentId: number;
}

/** POST /api/authority/createAuthority {authorityId, authorityName, parentId}. */
export async function createAuthority(payload: AuthorityPayload): Promise<unknown> {
  return unwrap(await api.post('/authority/createAuthority', { ...payload }));
}

export function useCreateAuthority() {
  return useApiMutation(createAuthority, { invalidate: [authoritiesKey] });
}
