import { pageCall, usePageQuery, useCallQuery, type Paging } from '@/lib/calls';
import type { RuleMember } from '../types';
import { rulesKeys } from './keys';

export interface RuleMemberParams {
  keyword?: string;
  entId?: number;
}

/** POST /api/rule/memberList {keyword?, entId?} → the enterprise's members with their push settings, paged. */
export const getRuleMembers = pageCall<RuleMemberParams, RuleMember>('/rule/memberList');

export function useRuleMembers(params: RuleMemberParams & Paging) {
  return usePageQuery(rulesKeys.members, getRuleMembers, params);
}

/** One page of members matching a keyword, for finding the signed-in member's own row. */
export function useRuleMemberSearch(keyword: string, enabled: boolean) {
  return useCallQuery([...rulesKeys.members, 'search'], getRuleMembers, { keyword, page: 1, pageSize: 50 }, enabled);
}
