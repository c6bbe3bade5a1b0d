import { postCall, useCallQuery } from '@/lib/calls';
import type { StateCount } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/state_list → StateCount[]: the states with zh/en labels and counts. */
export const getStateList = postCall<Record<string, never>, StateCount[]>('/work/state_list');

export function useStateList(payload: Record<string, never>, enabled = true) {
  return useCallQuery([...workKeys.states, 'get-state-list'], getStateList, payload, enabled);
}
