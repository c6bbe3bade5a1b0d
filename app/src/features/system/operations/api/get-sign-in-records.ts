import { asPage, unwrap, type PageResult } from '@/lib/query';
import type { ListSignInsData } from '@/lib/api-types';
import { api } from '@/lib/request';
import type { SignInRecord } from '../../types';

/** The list's filters, as the contract declares them (generated from openapi.json); the view always pages. */
export type SignInListParams = NonNullable<ListSignInsData['query']> & { page: number; pageSize: number };

export const signInRecordsKey = ['system', 'signIns'] as const;

/** GET /api/sysLoginRecord/getSysLoginRecordList?page&pageSize&username&ip&result&startTime&endTime, newest first. */
export async function getSignInRecords(params: SignInListParams, signal?: AbortSignal): Promise<PageResult<SignInRecord>> {
  return asPage(unwrap(await api.get<Partial<PageResult<SignInRecord>>>('/sysLoginRecord/getSysLoginRecordList', { ...params }, { signal })));
}
