import type { VehicleRow } from '@/lib/api-types';
import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import { useCall } from './use-call';

/** How many matches the installer sees at once; more means the plate typed is too short. */
export const SEARCH_LIMIT = 20;

/** POST /api/web/car/list {keyword, page 1, pageSize 20} → the vehicles in scope whose plate or VIN contains it. */
export async function searchVehicles(keyword: string, signal?: AbortSignal): Promise<PageResult<VehicleRow>> {
  const answer = await api.post<PageResult<VehicleRow>>(
    '/web/car/list',
    { keyword, page: 1, pageSize: SEARCH_LIMIT, sort: 'plate', order: 'asc' },
    { signal, noErrorToast: true, noLoading: true },
  );
  return asPage(unwrap(answer));
}

export function useVehicleSearch() {
  return useCall(searchVehicles);
}
