import { unwrap, useApiMutation } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import { usersKey } from './get-users';

export interface UpdateUserPayload {
  ID: number;
  nickName: string;
  headerImg: string;
  phone: string;
  email: string;
  enable: number;
  authorityIds: number[];
  enterpriseId?: number;
}

/** PUT /api/user/setUserInfo. */
export async function updateUser(payload: UpdateUserPayload): Promise<unknown> {
  return unwrap(await api.put('/user/setUserInfo', { ...payload }));
}

export function useUpdateUser() {
  return useApiMutation(updateUser, { invalidate: [usersKey] });
}
