import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Node, NodeUpdate } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/workSetting/update_node → Node: one node's name, state, assignee, fields and functions (its branches stay). */
export const updateNode = postCall<NodeUpdate, Node>('/workSetting/update_node');

export function useUpdateNode() {
  return useApiMutation(updateNode, { invalidate: [workKeys.flows] });
}
