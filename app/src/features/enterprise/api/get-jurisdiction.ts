import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import { enterpriseKeys } from './keys';

export interface Jurisdiction {
  entId: number | null;
  entName: string;
  authorityId: number;
  platform: boolean;
  colonyId: number | null;
  visibleCount?: number | null;
  supervisedClusters: { id: number; name: string }[];
  relations: { granted: number; received: number; pending: number };
  coveredVehicleCount: number;
}

/** POST /api/web/ent/my_enterprise/jurisInfo → what the caller's requests see (acting enterprise, reach, relations). */
export async function getJurisdiction(signal?: AbortSignal): Promise<Jurisdiction> {
  return unwrap(await api.post<Jurisdiction>('/web/ent/my_enterprise/jurisInfo', {}, { signal }));
}

export function useJurisdiction() {
  return useQuery({ queryKey: [...enterpriseKeys.detail, 'juris'], queryFn: ({ signal }) => getJurisdiction(signal) });
}
