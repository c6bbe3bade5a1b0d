import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { DiscussQuery, DiscussionRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/discuss_list → PageResult<DiscussionRow>: the discussions I am in, latest activity first. */
export const getDiscussions = pageCall<Omit<DiscussQuery, 'page' | 'pageSize'>, DiscussionRow>('/work/discuss_list');

export function useDiscussions(params: Omit<DiscussQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery(workKeys.discussions, getDiscussions, params);
}
