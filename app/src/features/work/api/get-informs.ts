import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { InformListQuery, InformRow } from '@/lib/api-types';
import { workKeys } from './keys';

export type InformFilters = Omit<InformListQuery, 'page' | 'pageSize'>;

/** POST /api/work/inform_list → PageResult<InformRow>: notice plans in scope (`keyword`, `enabled`, `projectId`). */
export const getInforms = pageCall<InformFilters, InformRow>('/work/inform_list');

export function useInforms(params: InformFilters & Paging) {
  return usePageQuery([...workKeys.informs, 'get-informs'], getInforms, params);
}
