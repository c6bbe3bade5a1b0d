import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Relation } from '../types';
import { enterpriseKeys } from './keys';

export interface RelationChange {
  ID: number;
  action: 'confirm' | 'refuse' | 'end' | 'update';
  vehicleIds?: number[];
  remark?: string;
  reason?: string;
}

/** POST /api/web/ent/relation_save: confirm, refuse, end, or update a relation's coverage. */
export async function saveRelation(payload: RelationChange): Promise<Relation> {
  return unwrap(await api.post<Relation>('/web/ent/relation_save', { ...payload }));
}

/** A confirmed superior-subordinate relation moves enterprises in the tree: everything enterprise is refreshed. */
export function useSaveRelation() {
  return useApiMutation(saveRelation, { invalidate: [enterpriseKeys.all] });
}
