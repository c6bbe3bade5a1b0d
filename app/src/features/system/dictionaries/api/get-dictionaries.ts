import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { Dictionary } from '../../types';

export const dictionariesKey = ['system', 'dictionaries'] as const;

/**
 * GET /api/sysDictionary/getSysDictionaryList?name= → every dictionary whose name or type contains `name` (all when
 * empty), flat, each with its child dictionaries in `children`; not paged.
 */
export async function getDictionaries(name: string, signal?: AbortSignal): Promise<Dictionary[]> {
  const data = unwrap(await api.get<Dictionary[] | null>('/sysDictionary/getSysDictionaryList', name ? { name } : {}, { signal }));
  return Array.isArray(data) ? data : [];
}

export function useDictionaries(name: string) {
  return useQuery({ queryKey: [...dictionariesKey, name], queryFn: ({ signal }) => getDictionaries(name, signal) });
}

/**
 * One dictionary by id, picked from the whole list (the list view's cache when it is there). Not findSysDictionary:
 * that call only finds enabled dictionaries unless told the status, so a disabled one would answer 'not created or
 * not enabled'.
 */
export function useDictionaryById(id: number) {
  return useQuery({
    queryKey: [...dictionariesKey, ''],
    queryFn: ({ signal }) => getDictionaries('', signal),
    enabled: id > 0,
    select: (list: Dictionary[]) => list.find((d) => d.ID === id) ?? null,
  });
}
