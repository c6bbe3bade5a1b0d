import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { usersKey } from './get-users';

/** POST /api/user/resetUsername {ID, userName}. */
export async function resetUsername(payload: { ID: number; userName: string }): Promise<unknown> {
  return unwrap(await api.post('/user/resetUsername', { ...payload }));
}

export function useResetUsername() {
  return useApiMutation(resetUsername, { invalidate: [usersKey] });
}
