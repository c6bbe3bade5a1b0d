import { useQuery } from '@tanstack/react-query';

import type { ListCall } from '@/lib/calls';
import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Dictionary } from '../../types';

export const dictionariesKey = ['system', 'dictionaries'] as const;

export interface DictionaryListParams {
  /** Part of the name or the type; every dictionary when empty. */
  name?: string;
}

/**
 * GET /api/sysDictionary/getSysDictionaryList?name= → every dictionary whose name or type contains `name` (all when
 * empty), flat, each with its child dictionaries in `children`; not paged.
 */
export const getDictionaries: ListCall<DictionaryListParams, Dictionary> = async ({ name }, signal) => {
  const data = unwrap(await api.get<Dictionary[] | null>('/sysDictionary/getSysDictionaryList', name ? { name } : {}, { signal }));
  return Array.isArray(data) ? data : [];
};

/** Every dictionary, cached under the key the list view (ResourceView, unpaged) uses for the unfiltered list. */
const allKey = [...dictionariesKey, 'all', {}] as const;

export function useAllDictionaries() {
  return useQuery({ queryKey: allKey, queryFn: ({ signal }) => getDictionaries({}, signal) });
}

/**
 * One dictionary by id, picked from the whole list (the list view's cache when it is there). Not findSysDictionary:
 * that call only finds enabled dictionaries unless told the status, so a disabled one would answer 'not created or
 * not enabled'.
 */
export function useDictionaryById(id: number) {
  return useQuery({
    queryKey: allKey,
    queryFn: ({ signal }) => getDictionaries({}, signal),
    enabled: id > 0,
    select: (list: Dictionary[]) => list.find((d) => d.ID === id) ?? null,
  });
}
