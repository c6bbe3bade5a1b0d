import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { EventQuery, EventRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/event_list → PageResult<EventRow>: plan runs, orders opened by plans or alarms, …, newest first. */
export const getEvents = pageCall<Omit<EventQuery, 'page' | 'pageSize'>, EventRow>('/work/event_list');

export function useEvents(params: Omit<EventQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.informs, 'get-events'], getEvents, params);
}
