import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { SignInRecord } from '../../types';

export interface SignInListParams {
  page: number;
  pageSize: number;
  /** A part of the name given. */
  username?: string;
  /** Exact address. */
  ip?: string;
  /** Exact outcome (`ok`, `bad_password`, …; see SIGN_IN_RESULTS). */
  result?: string;
  /** RFC 3339, `YYYY-MM-DD HH:MM:SS` (UTC), a bare date, or epoch milliseconds. */
  startTime?: string;
  /** As startTime; a bare date means the whole day. */
  endTime?: string;
}

export const signInRecordsKey = ['system', 'signIns'] as const;

/** GET /api/sysLoginRecord/getSysLoginRecordList?page&pageSize&username&ip&result&startTime&endTime, newest first. */
export async function getSignInRecords(params: SignInListParams, signal?: AbortSignal): Promise<PageResult<SignInRecord>> {
  return asPage(unwrap(await api.get<Partial<PageResult<SignInRecord>>>('/sysLoginRecord/getSysLoginRecordList', { ...params }, { signal })));
}

export function useSignInRecords(params: SignInListParams) {
  return useQuery({
    queryKey: [...signInRecordsKey, params],
    queryFn: ({ signal }) => getSignInRecords(params, signal),
    placeholderData: keepPreviousData,
  });
}
