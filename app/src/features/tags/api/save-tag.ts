import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { TagDetail } from '../types';
import { TAG_WRITES } from './keys';

export interface TagSaveInput {
  id?: number;
  name: string;
  color: string;
  kind: string;
  fieldIds?: number[];
}

/** POST /api/tag/save: creates (no id) or edits a tag with the fields it carries. */
export const saveTag = postCall<TagSaveInput, TagDetail>('/tag/save');

export function useSaveTag() {
  return useApiMutation(saveTag, { invalidate: TAG_WRITES });
}
