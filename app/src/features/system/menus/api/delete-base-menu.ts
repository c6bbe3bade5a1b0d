import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { menuListKey } from './get-menu-list';

/** POST /api/menu/deleteBaseMenu {ID}; refused when it has children. */
export async function deleteBaseMenu(ID: number): Promise<unknown> {
  return unwrap(await api.post('/menu/deleteBaseMenu', { ID }));
}

export function useDeleteBaseMenu() {
  return useApiMutation(deleteBaseMenu, { invalidate: [menuListKey, ['system', 'baseMenuTree'], ['menus']] });
}
