import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { CategoryKind, WorkCategory } from '../types';
import { workKeys } from './keys';

export type CategoryPayload =
  | { id?: number; kind: CategoryKind; name: string; desc: string; sort: number }
  | { id: number; delete: true };

/** POST /api/work/category_save: creates (no id), changes, or deletes (`delete: true`) a category → the saved row or null. */
export async function saveCategory(payload: CategoryPayload): Promise<WorkCategory | null> {
  return unwrap(await api.post<WorkCategory | null>('/work/category_save', { ...payload }));
}

export function useSaveCategory() {
  return useApiMutation(saveCategory, { invalidate: [workKeys.categories] });
}
