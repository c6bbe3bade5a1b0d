import { listCall, useCallQuery } from '@/lib/calls';
import type { TagFieldRow } from '../types';
import { tagKeys } from './keys';

/** POST /api/tag/field/list {entId?} → the custom fields in scope, by order and name. */
export const getFields = listCall<{ entId?: number }, TagFieldRow>('/tag/field/list');

export function useFields() {
  return useCallQuery(tagKeys.fields, getFields, {});
}
