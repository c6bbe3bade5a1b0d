import { postCall, useCallQuery } from '@/lib/calls';
import type { FleetStatistics } from '../types';
import { vehiclesKey } from './keys';

/** POST /api/web/car/statistics {entId?} → counts by state. */
export const getStatistics = postCall<{ entId?: number }, FleetStatistics>('/web/car/statistics');

export function useStatistics(entId?: number, enabled = true) {
  return useCallQuery([...vehiclesKey, 'statistics'], getStatistics, entId === undefined ? {} : { entId }, enabled);
}
