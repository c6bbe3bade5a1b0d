import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Relation } from '../types';
import { enterpriseKeys } from './keys';

export interface CooperationPayload {
  targetEntId: number;
  vehicleIds: number[];
  remark?: string;
}

/** POST /api/web/ent/my_enterprise/setCooperation: shares exactly these vehicles with a cooperation partner. */
export async function setCooperation(payload: CooperationPayload): Promise<Relation> {
  return unwrap(await api.post<Relation>('/web/ent/my_enterprise/setCooperation', { ...payload }));
}

export function useSetCooperation() {
  return useApiMutation(setCooperation, { invalidate: [enterpriseKeys.relations] });
}
