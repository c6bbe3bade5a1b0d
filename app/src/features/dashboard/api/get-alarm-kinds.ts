import { postCall, useCallQuery } from '@/lib/calls';
import type { AlarmCount, FleetPeriod } from '@/lib/api-types';
import { dashboardKey } from './keys';

/** POST /api/dataReport/alarm_pie_chart → [{key: alarm kind, warning, critical, total}], most first. */
export const getAlarmKinds = postCall<FleetPeriod, AlarmCount[]>('/dataReport/alarm_pie_chart', { noSupersede: true });

export function useAlarmKinds(payload: FleetPeriod) {
  return useCallQuery([...dashboardKey, 'kinds'], getAlarmKinds, payload);
}
