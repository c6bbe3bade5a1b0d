import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { FragmentRun } from '../types';
import { placesKeys } from './keys';

export interface RebuildParams {
  /** Every vehicle in scope when absent. */
  vehicleId?: number;
  start: string;
  end: string;
}

/** GET /api/xtrack/reBuildFragment?vehicleId=&start=&end= → the FragmentRun started. */
export async function rebuildFragments(params: RebuildParams): Promise<FragmentRun> {
  return unwrap(await api.get<FragmentRun>('/xtrack/reBuildFragment', { ...params }));
}

export function useRebuildFragments() {
  return useApiMutation(rebuildFragments, { invalidate: [placesKeys.fragmentRuns] });
}
