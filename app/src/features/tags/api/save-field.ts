import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { FieldType, TagFieldRow } from '../types';
import { TAG_WRITES } from './keys';

export interface FieldSaveInput {
  id?: number;
  name: string;
  type: FieldType;
  options: string[];
  unit: string;
  required: boolean;
  sort: number;
}

/** POST /api/tag/field/save: creates (no id) or edits a custom field. */
export const saveField = postCall<FieldSaveInput, TagFieldRow>('/tag/field/save');

export function useSaveField() {
  return useApiMutation(saveField, { invalidate: TAG_WRITES });
}
