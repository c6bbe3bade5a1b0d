import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { EnterpriseDetail, EnterprisePayload } from '../types';
import { enterpriseKeys } from './keys';

/** PUT /api/tbEnterprise/updateTbEnterprise: an enterprise's settings (default: the acting one; parentId ignored). */
export async function updateEnterprise(payload: EnterprisePayload): Promise<EnterpriseDetail> {
  return unwrap(await api.put<EnterpriseDetail>('/tbEnterprise/updateTbEnterprise', { ...payload }));
}

export function useUpdateEnterprise() {
  return useApiMutation(updateEnterprise, { invalidate: [enterpriseKeys.all] });
}
