import { postCall, useCallQuery } from '@/lib/calls';
import type { AlarmCount, FleetPeriod } from '@/lib/api-types';
import { dashboardKey } from './keys';

/** POST /api/dataReport/hour_distribution → 24 × {key: UTC hour, warning, critical, total}. */
export const getHourDistribution = postCall<FleetPeriod, AlarmCount[]>('/dataReport/hour_distribution', { noSupersede: true });

export function useHourDistribution(payload: FleetPeriod) {
  return useCallQuery([...dashboardKey, 'hours'], getHourDistribution, payload);
}
