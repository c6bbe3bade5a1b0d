import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { authoritiesKey } from './get-authorities';

/** POST /api/authority/setDataAuthority {authorityId, dataAuthorityId:[{authorityId}]}: whose data the role sees. */
export async function setDataAuthority(payload: { authorityId: number; dataAuthorityId: { authorityId: number }[] }): Promise<unknown> {
  return unwrap(await api.post('/authority/setDataAuthority', { ...payload }));
}

export function useSetDataAuthority() {
  return useApiMutation(setDataAuthority, { invalidate: [authoritiesKey] });
}
