/**
 * The colour of each route-matching verdict (console-spec §2): the route legend, the track area's route lines and its
 * vehicle badges all use these.
 */
import type { RouteState } from '@/lib/api-types';

export const ROUTE_STATE_COLORS = {
  offRoute: '#E5484D',
  matched: '#4D70FF',
  none: '#94A3B8',
  inference: '#F97316',
} as const satisfies Record<RouteState, string>;
