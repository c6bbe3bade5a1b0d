import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';

/** POST /api/user/changePassword {password, newPassword}. */
export async function changePassword(payload: { password: string; newPassword: string }): Promise<unknown> {
  return unwrap(await api.post('/user/changePassword', { ...payload }));
}

export function useChangePassword() {
  return useApiMutation(changePassword, { invalidate: [] });
}
