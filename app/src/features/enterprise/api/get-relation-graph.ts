import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Relation } from '../types';
import { enterpriseKeys } from './keys';

export interface RelationGraphData {
  entId: number;
  entName: string;
  relations: Relation[];
}

/** POST /api/web/ent/relationByEnt {entId?, state?} → one enterprise (default: the acting one) with all its relations. */
export async function getRelationGraph(entId: number | null, signal?: AbortSignal): Promise<RelationGraphData> {
  const data = unwrap(await api.post<RelationGraphData>('/web/ent/relationByEnt', entId === null ? {} : { entId }, { signal }));
  return { ...data, relations: Array.isArray(data.relations) ? data.relations : [] };
}

export function useRelationGraph(entId: number | null) {
  return useQuery({ queryKey: [...enterpriseKeys.relations, 'graph', entId], queryFn: ({ signal }) => getRelationGraph(entId, signal) });
}
