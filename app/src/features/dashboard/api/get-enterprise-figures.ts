import { postCall, useCallQuery } from '@/lib/calls';
import type { EnterpriseFigures, FleetPeriod } from '@/lib/api-types';
import { dashboardKey } from './keys';

/** POST /api/dataReport/analysis_table → the figures of each enterprise in scope, most distance first. */
export const getEnterpriseFigures = postCall<FleetPeriod, EnterpriseFigures[]>('/dataReport/analysis_table', { noSupersede: true });

export function useEnterpriseFigures(payload: FleetPeriod) {
  return useCallQuery([...dashboardKey, 'enterprises'], getEnterpriseFigures, payload);
}
