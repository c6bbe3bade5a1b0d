import { unwrap, useApiMutation } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { Dictionary } from '../../types';
import { dictionariesKey } from './get-dictionaries';

export type DictionaryPayload = Pick<Dictionary, 'name' | 'type' | 'status' | 'desc'> & { ID?: number };

/** POST /api/sysDictionary/createSysDictionary, or PUT …/updateSysDictionary with an ID. */
export async function saveDictionary(payload: DictionaryPayload): Promise<unknown> {
  return unwrap(
    payload.ID
      ? await api.put('/sysDictionary/updateSysDictionary', { ...payload })
      : await api.post('/sysDictionary/createSysDictionary', { ...payload }),
  );
}

export function useSaveDictionary() {
  return useApiMutation(saveDictionary, { invalidate: [dictionariesKey] });
}
