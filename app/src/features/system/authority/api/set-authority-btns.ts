import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';

/** POST /api/authorityBtn/setAuthorityBtn {menuID, authorityId, selected}. */
export async function setAuthorityBtns(payload: { menuID: number; authorityId: number; selected: number[] }): Promise<unknown> {
  return unwrap(await api.post('/authorityBtn/setAuthorityBtn', { ...payload }));
}

export function useSetAuthorityBtns() {
  return useApiMutation(setAuthorityBtns, { invalidate: [['system', 'authorityBtns'], ['menus']] });
}
