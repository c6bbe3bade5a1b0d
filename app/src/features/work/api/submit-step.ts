import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Step, StepInput } from '@/lib/api-types';
import { workKeys } from './keys';

/**
 * POST /api/work/save_flow → Step[]: submits the order's current node (its required fields in `data`, its required
 * functions done) and moves the order to the chosen next node; a node of another state is that state change.
 */
export const submitStep = postCall<StepInput, Step[]>('/work/save_flow');

export function useSubmitStep() {
  return useApiMutation(submitStep, { invalidate: [workKeys.orders, workKeys.states, workKeys.flows] });
}
