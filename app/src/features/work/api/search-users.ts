import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Person, UserSearch } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/user_search → PageResult<Person>: members who may be assigned (a listed search call: silent time-out). */
export const searchUsers = pageCall<Omit<UserSearch, 'page' | 'pageSize'>, Person>('/work/user_search');

export function useUserSearch(params: Omit<UserSearch, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.lookups, 'search-users'], searchUsers, params);
}
