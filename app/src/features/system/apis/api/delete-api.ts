import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { SysApi } from '../../types';
import { apiListKey } from './get-api-list';

/** POST /api/api/deleteApi with the whole row (also drops its policies). */
export async function deleteApi(row: SysApi): Promise<unknown> {
  return unwrap(await api.post('/api/deleteApi', { ...row }));
}

export function useDeleteApi() {
  return useApiMutation(deleteApi, { invalidate: [apiListKey, ['system', 'allApis']] });
}
