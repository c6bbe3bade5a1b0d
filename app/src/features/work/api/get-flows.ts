import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { FlowListQuery, FlowRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/flow/list → PageResult<FlowRow>: the enterprise's flows, the built-in one (−1) first. */
export const getFlows = pageCall<Omit<FlowListQuery, 'page' | 'pageSize'>, FlowRow>('/work/flow/list');

export function useFlows(params: Omit<FlowListQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.flows, 'get-flows'], getFlows, params);
}
