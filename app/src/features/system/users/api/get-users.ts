import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { SysUser } from '../../types';

export interface UserListParams {
  page: number;
  pageSize: number;
  userName?: string;
  nickName?: string;
  phone?: string;
  enterpriseId?: number;
  authorityId?: number;
}

export const usersKey = ['system', 'users'] as const;

/** POST /api/user/getUserList_recons → {list, total, page, pageSize}. */
export async function getUsers(params: UserListParams, signal?: AbortSignal): Promise<PageResult<SysUser>> {
  return asPage(unwrap(await api.post<Partial<PageResult<SysUser>>>('/user/getUserList_recons', { ...params }, { signal })));
}
