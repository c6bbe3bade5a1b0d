import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Deleted, FlowIds } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/del_flow → Deleted: all or none; refused while a type names a flow or an open order follows it. */
export const deleteFlows = postCall<FlowIds, Deleted>('/work/del_flow');

export function useDeleteFlows() {
  return useApiMutation(deleteFlows, { invalidate: [workKeys.flows] });
}
