import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { authoritiesKey } from './get-authorities';

export interface UpdateAuthorityPayload {
  authorityId: number;
  authorityName: string;
  parentId: number;
  defaultRouter?: string;
}

/** PUT /api/authority/updateAuthority. */
export async function updateAuthority(payload: UpdateAuthorityPayload): Promise<unknown> {
  return unwrap(await api.put('/authority/updateAuthority', { ...payload }));
}

export function useUpdateAuthority() {
  return useApiMutation(updateAuthority, { invalidate: [authoritiesKey] });
}
