import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { TagForm } from '../types';
import type { TagFormTarget } from './get-tag-form';
import { TAG_WRITES } from './keys';

/** POST /api/tag/setValues {tagId, vehicleId | deviceId, values}: saves the whole form, checked by type. */
export const setTagValues = postCall<TagFormTarget & { values: Record<string, string> }, TagForm>('/tag/setValues');

export function useSetTagValues() {
  return useApiMutation(setTagValues, { invalidate: TAG_WRITES });
}
