import { postCall, useCallQuery } from '@/lib/calls';
import type { FlowRef, Node } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/workSetting/list → Node[]: a flow's nodes in order, with their branches. */
export const getFlowNodes = postCall<FlowRef, Node[]>('/workSetting/list');

export function useFlowNodes(payload: FlowRef, enabled = true) {
  return useCallQuery([...workKeys.flows, 'get-flow-nodes'], getFlowNodes, payload, enabled);
}
