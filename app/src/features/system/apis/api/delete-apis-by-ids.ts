import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { apiListKey } from './get-api-list';

/** DELETE /api/api/deleteApisByIds {ids}. */
export async function deleteApisByIds(ids: number[]): Promise<unknown> {
  return unwrap(await api.delete('/api/deleteApisByIds', { ids }));
}

export function useDeleteApisByIds() {
  return useApiMutation(deleteApisByIds, { invalidate: [apiListKey, ['system', 'allApis']] });
}
