import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Dictionary } from '../../types';
import { dictionariesKey } from './get-dictionaries';

export interface DictionaryPayload {
  ID?: number;
  name: string;
  type: string;
  status: boolean;
  desc: string;
  /** The parent dictionary; null: a top-level one. */
  parentID: number | null;
}

/** POST /api/sysDictionary/createSysDictionary, or PUT …/updateSysDictionary with an ID → the saved dictionary. */
export async function saveDictionary(payload: DictionaryPayload): Promise<Dictionary> {
  return unwrap(
    payload.ID
      ? await api.put<Dictionary>('/sysDictionary/updateSysDictionary', { ...payload })
      : await api.post<Dictionary>('/sysDictionary/createSysDictionary', { ...payload }),
  );
}

export function useSaveDictionary() {
  return useApiMutation(saveDictionary, { invalidate: [dictionariesKey] });
}
