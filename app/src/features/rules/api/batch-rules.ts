import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { rulesKeys } from './keys';
import type { BatchAction } from '@/lib/api-types';

export type RuleBatchAction = BatchAction;

/** POST /api/rule/batch {ids, action}: enables, disables or deletes the rules, all or none → {affected}. */
export const batchRules = postCall<{ ids: number[]; action: RuleBatchAction }, { affected: number }>('/rule/batch');

export function useBatchRules() {
  return useApiMutation(batchRules, { invalidate: [rulesKeys.rules] });
}
