import { postCall, useCallQuery } from '@/lib/calls';
import type { PeriodicReport, PeriodicRequest } from '@/lib/api-types';
import { dashboardKey } from './keys';

/** POST /api/dataReport/analysis_detail → the daily, weekly or monthly report of the period holding `day`. */
export const getPeriodicReport = postCall<PeriodicRequest, PeriodicReport>('/dataReport/analysis_detail', { noSupersede: true });

export function usePeriodicReport(payload: PeriodicRequest) {
  return useCallQuery([...dashboardKey, 'report'], getPeriodicReport, payload);
}
