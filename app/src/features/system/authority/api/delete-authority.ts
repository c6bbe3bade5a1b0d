import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { authoritiesKey } from './get-authorities';

/** POST /api/authority/deleteAuthority {authorityId}; refused while users hold the role or it has children. */
export async function deleteAuthority(authorityId: number): Promise<unknown> {
  return unwrap(await api.post('/authority/deleteAuthority', { authorityId }));
}

export function useDeleteAuthority() {
  return useApiMutation(deleteAuthority, { invalidate: [authoritiesKey] });
}
