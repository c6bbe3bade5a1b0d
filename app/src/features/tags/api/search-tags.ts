import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { pageCall, type Paging } from '@/lib/calls';
import type { TagSearchRow, TagTargetKind } from '../types';
import { tagKeys } from './keys';

export interface FieldCondition {
  fieldId: number;
  op: 'eq' | 'range';
  value?: string;
  min?: string;
  max?: string;
}

export interface TagSearchParams {
  target: TagTargetKind;
  tagIds: number[];
  field?: FieldCondition;
}

/** POST /api/tag/search → vehicles (or devices) carrying every chosen tag, with the field condition, paged. */
export const searchTags = pageCall<TagSearchParams, TagSearchRow>('/tag/search');

/** One page of a quick search; nothing is asked until a search is run (`params` null). */
export function useTagSearch(params: (TagSearchParams & Paging) | null) {
  return useQuery({
    queryKey: [...tagKeys.search, params],
    queryFn: ({ signal }) => searchTags(params ?? { target: 'vehicle', tagIds: [], page: 1, pageSize: 20 }, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
