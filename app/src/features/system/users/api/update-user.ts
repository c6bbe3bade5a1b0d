import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { SysUser } from '../../types';
import { usersKey } from './get-users';

/**
 * Every field is optional: the server changes only what is sent. A user holds one role per enterprise:
 * `authorityIds[0]` becomes the role in `enterpriseId` (default: the user's current enterprise); the rest of the
 * list is not read, so the console sends one id, and only when the role is meant to change.
 */
export interface UpdateUserPayload {
  ID: number;
  nickName?: string;
  headerImg?: string;
  phone?: string;
  email?: string;
  /** 1 normal, 2 frozen. */
  enable?: number;
  authorityIds?: [number];
  enterpriseId?: number;
}

/** PUT /api/user/setUserInfo → {user}: the saved row. */
export async function updateUser(payload: UpdateUserPayload): Promise<SysUser> {
  return unwrap(await api.put<{ user: SysUser }>('/user/setUserInfo', { ...payload })).user;
}

export function useUpdateUser() {
  return useApiMutation(updateUser, { invalidate: [usersKey] });
}
