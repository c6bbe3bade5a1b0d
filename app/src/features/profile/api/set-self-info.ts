import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';

export interface SelfInfo {
  nickName: string;
  headerImg: string;
  phone: string;
  email: string;
}

/** PUT /api/user/setSelfInfo: the signed-in user's own name, avatar, phone and e-mail. */
export async function setSelfInfo(payload: SelfInfo): Promise<unknown> {
  return unwrap(await api.put('/user/setSelfInfo', { ...payload }));
}

export function useSetSelfInfo() {
  return useApiMutation(setSelfInfo, { invalidate: [['userInfo']] });
}
