import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { EnterpriseDetail, EnterprisePayload } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/tbUp: creates (no entId; below parentId) or edits an enterprise; a new parentId moves it. */
export async function saveEnterprise(payload: EnterprisePayload): Promise<EnterpriseDetail> {
  return unwrap(await api.post<EnterpriseDetail>('/web/ent/tbUp', { ...payload }));
}

export function useSaveEnterprise() {
  return useApiMutation(saveEnterprise, { invalidate: [enterpriseKeys.all] });
}
