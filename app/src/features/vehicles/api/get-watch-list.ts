import { useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import { watchEntries, type Raw } from '../fleet-keys';
import { vehiclesKey } from './keys';

export interface WatchListParams {
  entId?: number;
  uid?: number;
  /** 0 every key (default), 1 the map subset. */
  data_volume?: 0 | 1;
}

/** The raw short-key entries (live vehicle frames merge into them). */
export interface WatchList {
  entries: Raw[];
}

const call = postCall<WatchListParams>('/web/car/watchList4');

/** POST /api/web/car/watchList4 → {deviceList (short keys), total, at}; map entries with fromWatchEntry. */
export async function getWatchList(params: WatchListParams, signal?: AbortSignal): Promise<WatchList> {
  return { entries: watchEntries(await call(params, signal)) };
}

export function useWatchList(params: WatchListParams, enabled = true) {
  return useQuery({ queryKey: [...vehiclesKey, 'watch', params], queryFn: ({ signal }) => getWatchList(params, signal), enabled });
}
