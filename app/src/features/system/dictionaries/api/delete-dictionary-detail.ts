import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { dictionaryDetailsKey } from './get-dictionary-details';

/** DELETE /api/sysDictionaryDetail/deleteSysDictionaryDetail {ID}. */
export async function deleteDictionaryDetail(ID: number): Promise<unknown> {
  return unwrap(await api.delete('/sysDictionaryDetail/deleteSysDictionaryDetail', { ID }));
}

export function useDeleteDictionaryDetail() {
  return useApiMutation(deleteDictionaryDetail, { invalidate: [dictionaryDetailsKey] });
}
