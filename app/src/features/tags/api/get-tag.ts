import { postCall, useCallQuery } from '@/lib/calls';
import type { TagDetail } from '../types';
import { tagKeys } from './keys';

/** POST /api/tag/detail {id} → the tag with the fields it carries. */
export const getTag = postCall<{ id: number }, TagDetail>('/tag/detail');

export function useTag(id: number | null) {
  return useCallQuery(tagKeys.tag, getTag, { id: id ?? 0 }, id !== null);
}
