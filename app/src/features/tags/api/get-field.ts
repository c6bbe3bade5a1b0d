import { postCall, useCallQuery } from '@/lib/calls';
import type { TagFieldRow } from '../types';
import { tagKeys } from './keys';

/** POST /api/tag/field/detail {id} → one custom field. */
export const getField = postCall<{ id: number }, TagFieldRow>('/tag/field/detail');

export function useField(id: number | null) {
  return useCallQuery(tagKeys.field, getField, { id: id ?? 0 }, id !== null);
}
