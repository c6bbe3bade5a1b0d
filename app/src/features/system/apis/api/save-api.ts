import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { SysApi } from '../../types';
import { apiListKey } from './get-api-list';

/** POST /api/api/createApi (no ID) or /api/api/updateApi (with ID). */
export async function saveApi(payload: Omit<SysApi, 'ID'> & { ID?: number }): Promise<unknown> {
  return unwrap(await api.post(payload.ID ? '/api/updateApi' : '/api/createApi', { ...payload }));
}

export function useSaveApi() {
  return useApiMutation(saveApi, { invalidate: [apiListKey, ['system', 'allApis']] });
}
