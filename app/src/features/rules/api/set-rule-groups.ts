import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Rule } from '../types';
import { rulesKeys } from './keys';

/** POST /api/rule/group {id, groupIds}: the enterprise groups whose vehicles the rule covers → the rule. */
export const setRuleGroups = postCall<{ id: number; groupIds: number[] }, Rule>('/rule/group');

export function useSetRuleGroups() {
  return useApiMutation(setRuleGroups, { invalidate: [rulesKeys.rules] });
}
