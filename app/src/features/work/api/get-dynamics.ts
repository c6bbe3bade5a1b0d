import { postCall, useCallQuery } from '@/lib/calls';
import type { DynamicQuery, Dynamics } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/dynamic_analysis → Dynamics: orders opened and resolved per period, cost per vehicle and month. */
export const getDynamics = postCall<DynamicQuery, Dynamics>('/work/dynamic_analysis');

export function useDynamics(payload: DynamicQuery, enabled = true) {
  return useCallQuery([...workKeys.statistics, 'get-dynamics'], getDynamics, payload, enabled);
}
