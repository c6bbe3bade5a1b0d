import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';

/** POST /api/menu/addMenuAuthority {menus:[{ID}], authorityId}: replaces the role's menu set. */
export async function addMenuAuthority(payload: { authorityId: number; menuIds: number[] }): Promise<unknown> {
  return unwrap(await api.post('/menu/addMenuAuthority', { authorityId: payload.authorityId, menus: payload.menuIds.map((ID) => ({ ID })) }));
}

export function useAddMenuAuthority() {
  return useApiMutation(addMenuAuthority, { invalidate: [['system', 'roleMenus'], ['system', 'entMenuAuthority'], ['menus']] });
}
