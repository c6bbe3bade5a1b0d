import { postCall, useCallQuery } from '@/lib/calls';
import type { RangeQuery, Statistics } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/statistics → Statistics: counts by state/type/grade/assignee, overdue vs on time, mean response and resolution times. */
export const getStatistics = postCall<RangeQuery, Statistics>('/work/statistics');

export function useStatistics(payload: RangeQuery, enabled = true) {
  return useCallQuery([...workKeys.statistics, 'get-statistics'], getStatistics, payload, enabled);
}
