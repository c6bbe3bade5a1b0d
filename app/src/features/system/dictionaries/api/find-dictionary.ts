import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { Dictionary } from '../../types';
import { dictionariesKey } from './get-dictionaries';

/** GET /api/sysDictionary/findSysDictionary?ID= → {resysDictionary}. */
export async function findDictionary(id: number, signal?: AbortSignal): Promise<Dictionary> {
  const data = unwrap(await api.get<{ resysDictionary: Dictionary }>('/sysDictionary/findSysDictionary', { ID: id }, { signal }));
  return data.resysDictionary;
}

export function useDictionary(id: number) {
  return useQuery({ queryKey: [...dictionariesKey, 'one', id], queryFn: ({ signal }) => findDictionary(id, signal), enabled: id > 0 });
}
