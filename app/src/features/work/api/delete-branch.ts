import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Branch, BranchRef } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/workSetting/delChoose → Branch[]: removes one branch of a node; answers the rest. */
export const deleteBranch = postCall<BranchRef, Branch[]>('/workSetting/delChoose');

export function useDeleteBranch() {
  return useApiMutation(deleteBranch, { invalidate: [workKeys.flows] });
}
