import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { Dictionary } from '../../types';

export const dictionariesKey = ['system', 'dictionaries'] as const;

/** GET /api/sysDictionary/getSysDictionaryList?name= → an array (older servers: a page). */
export async function getDictionaries(name: string, signal?: AbortSignal): Promise<Dictionary[]> {
  const data = unwrap(await api.get<Dictionary[] | { list?: Dictionary[] } | null>('/sysDictionary/getSysDictionaryList', name ? { name } : {}, { signal }));
  if (Array.isArray(data)) return data;
  return Array.isArray(data?.list) ? data.list : [];
}

export function useDictionaries(name: string) {
  return useQuery({ queryKey: [...dictionariesKey, name], queryFn: ({ signal }) => getDictionaries(name, signal) });
}
