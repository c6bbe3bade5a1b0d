import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { TagRow } from '../types';
import { deviceKeys } from './keys';

export interface SearchLabelParams {
  keyword?: string;
  kind?: string;
}

/** POST /api/search_label {keyword} → tags whose name contains the keyword. */
export const searchLabels = pageCall<SearchLabelParams, TagRow>('/search_label');

export function useSearchLabels(params: SearchLabelParams & Paging) {
  return usePageQuery(deviceKeys.tags, searchLabels, params);
}
