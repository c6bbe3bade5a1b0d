import { postCall, useCallQuery } from '@/lib/calls';
import type { FleetPeriod, Trend } from '@/lib/api-types';
import { dashboardKey } from './keys';

/** POST /api/dataReport/chart → the fleet's figures per finished day (days with data only) and their total. */
export const getTrend = postCall<FleetPeriod, Trend>('/dataReport/chart', { noSupersede: true });

export function useTrend(payload: FleetPeriod) {
  return useCallQuery([...dashboardKey, 'trend'], getTrend, payload);
}
