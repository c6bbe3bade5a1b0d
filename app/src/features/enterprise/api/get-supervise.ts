import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { SuperviseSettings } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/supervise {} (reads only) → whether alarms go to the supervisors of the enterprise's clusters. */
export async function getSupervise(signal?: AbortSignal): Promise<SuperviseSettings> {
  return unwrap(await api.post<SuperviseSettings>('/web/ent/supervise', {}, { signal }));
}

export function useSupervise() {
  return useQuery({ queryKey: [...enterpriseKeys.supervise], queryFn: ({ signal }) => getSupervise(signal) });
}
