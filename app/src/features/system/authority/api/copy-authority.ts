import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { authoritiesKey } from './get-authorities';

export interface CopyAuthorityPayload {
  authority: { authorityId: number; authorityName: string; parentId: number; dataAuthorityId: { authorityId: number }[] };
  oldAuthorityId: number;
}

/** POST /api/authority/copyAuthority: a new role with the old one's menus, buttons and API policies. */
export async function copyAuthority(payload: CopyAuthorityPayload): Promise<unknown> {
  return unwrap(await api.post('/authority/copyAuthority', { ...payload }));
}

export function useCopyAuthority() {
  return useApiMutation(copyAuthority, { invalidate: [authoritiesKey] });
}
