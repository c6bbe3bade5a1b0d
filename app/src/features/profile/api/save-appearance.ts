import { api } from '@/lib/request';

export interface Appearance {
  sideMode: string;
  activeColor: string;
  baseColor: string;
}

/**
 * The signed-in user's own appearance, saved on the account: PUT /api/user/setSelfInfo {sideMode, activeColor,
 * baseColor} (the server takes them there as on setUserInfo, which server-calls §7.1 names, but setSelfInfo needs no
 * user-management grant). Best effort and quiet: the choice is already applied and kept in this browser.
 */
export async function saveAppearance(appearance: Appearance): Promise<boolean> {
  const answer = await api.put('/user/setSelfInfo', { ...appearance }, { noLoading: true });
  return typeof answer !== 'string' && answer.code === 0;
}
