import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { TagRow } from '../types';
import { TAG_WRITES } from './keys';

/** POST /api/tag/sort {entId?, kind, ids}: every tag of the kind, first to last, in one write. */
export const sortTags = postCall<{ entId?: number; kind: string; ids: number[] }, TagRow[]>('/tag/sort');

export function useSortTags() {
  return useApiMutation(sortTags, { invalidate: TAG_WRITES });
}
