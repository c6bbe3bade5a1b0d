import { useQuery } from '@tanstack/react-query';

import { ApiError } from '@/lib/query';
import type { SysUser } from '../../types';
import { getUsers, usersKey } from './get-users';

/**
 * One user for the detail page. The catalogue has no single-user call, so this asks the list call for a page of
 * candidates and picks the id (list filters are name/phone based); an id not found is a 404 for the page.
 */
export async function getUser(id: number, signal?: AbortSignal): Promise<SysUser> {
  for (let page = 1; page <= 20; page += 1) {
    const result = await getUsers({ page, pageSize: 500 }, signal);
    const found = result.list.find((u) => u.ID === id);
    if (found) return found;
    if (page * 500 >= result.total) break;
  }
  throw new ApiError(404, 'not found');
}

export function useUser(id: number) {
  return useQuery({
    queryKey: [...usersKey, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
    enabled: Number.isFinite(id) && id > 0,
  });
}
