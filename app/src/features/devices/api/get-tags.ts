import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { TagRow } from '../types';
import { deviceKeys } from './keys';

export interface TagListParams {
  entId?: number;
  kind?: string;
  keyword?: string;
}

/** POST /api/tag/list {entId?, kind?, keyword?} → tags in scope, by kind and name. */
export const getTags = pageCall<TagListParams, TagRow>('/tag/list');

export function useTags(params: TagListParams & Paging) {
  return usePageQuery(deviceKeys.tags, getTags, params);
}
