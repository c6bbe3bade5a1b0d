import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Flow, FlowInput } from '@/lib/api-types';
import { workKeys } from './keys';

/**
 * POST /api/work/flow/save → Flow: creates (no `id`) or changes a flow with all its nodes in order (node ids kept,
 * nodes left out removed, branches as sent).
 */
export const saveFlow = postCall<FlowInput, Flow>('/work/flow/save');

export function useSaveFlow() {
  return useApiMutation(saveFlow, { invalidate: [workKeys.flows] });
}
