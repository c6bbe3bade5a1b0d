import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/delBatchEnt {ids}: all or none (refused while one still has members or sub-enterprises). */
export async function deleteEnterprises(ids: number[]): Promise<unknown> {
  return unwrap(await api.post('/web/ent/delBatchEnt', { ids }));
}

export function useDeleteEnterprises() {
  return useApiMutation(deleteEnterprises, { invalidate: [enterpriseKeys.all] });
}
