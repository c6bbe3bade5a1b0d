import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { BaseMenu } from '../../types';
import { menuListKey } from './get-menu-list';

export type MenuPayload = Omit<BaseMenu, 'ID' | 'children'> & { ID?: number };

/** POST /api/menu/addBaseMenu (no ID) or /api/menu/updateBaseMenu (with ID). */
export async function saveBaseMenu(payload: MenuPayload): Promise<unknown> {
  const url = payload.ID ? '/menu/updateBaseMenu' : '/menu/addBaseMenu';
  return unwrap(await api.post(url, { ...payload }));
}

export function useSaveBaseMenu() {
  return useApiMutation(saveBaseMenu, { invalidate: [menuListKey, ['system', 'baseMenuTree'], ['menus']] });
}
