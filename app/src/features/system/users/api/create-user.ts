import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { usersKey } from './get-users';

export interface CreateUserPayload {
  userName: string;
  passWord: string;
  nickName: string;
  headerImg: string;
  authorityId: number;
  enterpriseId?: number;
  phone: string;
  email: string;
  enable: number;
}

/** POST /api/user/admin_register (note the keys `userName` / `passWord`). */
export async function createUser(payload: CreateUserPayload): Promise<unknown> {
  return unwrap(await api.post('/user/admin_register', { ...payload }));
}

export function useCreateUser() {
  return useApiMutation(createUser, { invalidate: [usersKey] });
}
