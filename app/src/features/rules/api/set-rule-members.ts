import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Rule } from '../types';
import { rulesKeys } from './keys';

/** POST /api/rule/member {id, memberIds}: the enterprise members the rule pushes to → the rule. */
export const setRuleMembers = postCall<{ id: number; memberIds: number[] }, Rule>('/rule/member');

export function useSetRuleMembers() {
  return useApiMutation(setRuleMembers, { invalidate: [rulesKeys.rules, rulesKeys.members] });
}
