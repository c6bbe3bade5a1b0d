import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';

/** POST /api/user/resetPassword {ID, password}. */
export async function resetPassword(payload: { ID: number; password: string }): Promise<unknown> {
  return unwrap(await api.post('/user/resetPassword', { ...payload }));
}

export function useResetPassword() {
  return useApiMutation(resetPassword, { invalidate: [] });
}
