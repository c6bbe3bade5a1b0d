import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import { enterpriseKeys } from './keys';

export interface GroupRow {
  ID: number;
  entId: number;
  entName: string;
  name: string;
  remark: string;
  sort: number;
  userIds: number[];
  userCount: number;
  vehicleCount: number;
}

export interface GroupListParams {
  entId?: number;
  keyword?: string;
}

/** POST /api/web/group/groupList {entId?, keyword?} → the enterprise's vehicle groups, paged. */
export const getGroups = pageCall<GroupListParams, GroupRow>('/web/group/groupList');

export function useGroups(params: GroupListParams & Paging) {
  return usePageQuery([...enterpriseKeys.all, 'groups'], getGroups, params);
}
