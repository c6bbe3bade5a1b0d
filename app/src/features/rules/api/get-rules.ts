import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Rule } from '../types';
import { rulesKeys } from './keys';

export interface RuleListParams {
  keyword?: string;
  enabled?: boolean;
  entId?: number;
}

/** POST /api/rule/list {keyword?, enabled?, entId?} → the acting enterprise's push rules, paged. */
export const getRules = pageCall<RuleListParams, Rule>('/rule/list');

export function useRules(params: RuleListParams & Paging) {
  return usePageQuery(rulesKeys.rules, getRules, params);
}
