import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { usersKey } from './get-users';

/** DELETE /api/user/deleteUser {id}. */
export async function deleteUser(id: number): Promise<unknown> {
  return unwrap(await api.delete('/user/deleteUser', { id }));
}

export function useDeleteUser() {
  return useApiMutation(deleteUser, { invalidate: [usersKey] });
}
