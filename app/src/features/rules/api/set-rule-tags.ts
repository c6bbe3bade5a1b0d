import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Rule } from '../types';
import { rulesKeys } from './keys';

/** POST /api/rule/tags {id, tagIds}: the vehicle tags whose vehicles the rule covers → the rule. */
export const setRuleTags = postCall<{ id: number; tagIds: number[] }, Rule>('/rule/tags');

export function useSetRuleTags() {
  return useApiMutation(setRuleTags, { invalidate: [rulesKeys.rules] });
}
