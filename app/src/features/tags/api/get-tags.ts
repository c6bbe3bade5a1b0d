import { listCall, useCallQuery } from '@/lib/calls';
import type { TagRow } from '../types';
import { tagKeys } from './keys';

export interface TagListParams {
  entId?: number;
  kind?: string;
  keyword?: string;
  vehicleId?: number;
}

/** POST /api/tag/list {kind?, keyword?, vehicleId?} → tags in scope by kind, order and name, with usage counts. */
export const getTags = listCall<TagListParams, TagRow>('/tag/list');

export function useTags(params: TagListParams, enabled = true) {
  return useCallQuery(tagKeys.tags, getTags, params, enabled);
}
