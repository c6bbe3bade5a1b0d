import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { DictionaryDetail } from '../../types';
import { dictionaryDetailsKey } from './get-dictionary-details';

export interface DetailPayload {
  ID?: number;
  /** Chinese (the console's default language). */
  label: string;
  /** English. */
  labelEn: string;
  value: string;
  extend: string;
  status: boolean;
  sort: number;
  sysDictionaryID: number;
  /** A detail of the same dictionary; null: top level. */
  parentID: number | null;
}

/** POST /api/sysDictionaryDetail/createSysDictionaryDetail, or PUT …/updateSysDictionaryDetail with an ID → the saved detail. */
export async function saveDictionaryDetail(payload: DetailPayload): Promise<DictionaryDetail> {
  return unwrap(
    payload.ID
      ? await api.put<DictionaryDetail>('/sysDictionaryDetail/updateSysDictionaryDetail', { ...payload })
      : await api.post<DictionaryDetail>('/sysDictionaryDetail/createSysDictionaryDetail', { ...payload }),
  );
}

export function useSaveDictionaryDetail() {
  return useApiMutation(saveDictionaryDetail, { invalidate: [dictionaryDetailsKey] });
}
