import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { dictionariesKey } from './get-dictionaries';

/** DELETE /api/sysDictionary/deleteSysDictionary {ID} (its details go too). */
export async function deleteDictionary(ID: number): Promise<unknown> {
  return unwrap(await api.delete('/sysDictionary/deleteSysDictionary', { ID }));
}

export function useDeleteDictionary() {
  return useApiMutation(deleteDictionary, { invalidate: [dictionariesKey] });
}
