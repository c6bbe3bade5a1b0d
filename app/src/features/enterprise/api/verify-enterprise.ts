import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Verification } from '../types';
import { enterpriseKeys } from './keys';

export interface VerificationPayload {
  action: 'submit' | 'approve' | 'reject' | 'status';
  entId?: number;
  documents?: string[];
  licenseNo?: string;
  reason?: string;
}

/** POST /api/web/ent/my_enterprise/verification: submit documents (→ pending), approve or reject (platform staff). */
export async function verifyEnterprise(payload: VerificationPayload): Promise<Verification> {
  return unwrap(await api.post<Verification>('/web/ent/my_enterprise/verification', { ...payload }));
}

export function useVerifyEnterprise() {
  return useApiMutation(verifyEnterprise, { invalidate: [enterpriseKeys.all] });
}
