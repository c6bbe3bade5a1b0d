import { unwrap, useApiMutation } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { DictionaryDetail } from '../../types';
import { dictionaryDetailsKey } from './get-dictionary-details';

export type DetailPayload = Omit<DictionaryDetail, 'ID'> & { ID?: number };

/** POST /api/sysDictionaryDetail/createSysDictionaryDetail, or PUT …/updateSysDictionaryDetail with an ID. */
export async function saveDictionaryDetail(payload: DetailPayload): Promise<unknown> {
  return unwrap(
    payload.ID
      ? await api.put('/sysDictionaryDetail/updateSysDictionaryDetail', { ...payload })
      : await api.post('/sysDictionaryDetail/createSysDictionaryDetail', { ...payload }),
  );
}

export function useSaveDictionaryDetail() {
  return useApiMutation(saveDictionaryDetail, { invalidate: [dictionaryDetailsKey] });
}
