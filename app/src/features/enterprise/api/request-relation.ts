import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Relation } from '../types';
import { enterpriseKeys } from './keys';

export interface RelationRequest {
  targetEntId: number;
  type: number;
  /** Which side the caller's enterprise takes: grant (shares its data) or receive. */
  direction: 'grant' | 'receive';
  vehicleIds?: number[];
  remark?: string;
}

/** POST /api/web/ent/relation: requests a relation (state 0); the other side confirms or refuses it. */
export async function requestRelation(payload: RelationRequest): Promise<Relation> {
  return unwrap(await api.post<Relation>('/web/ent/relation', { ...payload }));
}

export function useRequestRelation() {
  return useApiMutation(requestRelation, { invalidate: [enterpriseKeys.relations] });
}
