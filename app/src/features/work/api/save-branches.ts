import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Branch, ConditionInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/workSetting/condition → Branch[]: replaces a node's branches (ids given by the server, kept when sent back). */
export const saveBranches = postCall<ConditionInput, Branch[]>('/workSetting/condition');

export function useSaveBranches() {
  return useApiMutation(saveBranches, { invalidate: [workKeys.flows] });
}
