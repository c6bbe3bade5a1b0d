import { useQuery } from '@tanstack/react-query';

import { postCall } from '../../../lib/calls';
import { watchEntries, type Raw } from '../fleet-keys';
import { vehiclesKey } from './keys';

export interface WatchListParams {
  entId?: number;
  uid?: number;
  /** 0 every key (default), 1 the map subset. */
  data_volume?: 0 | 1;
}

/** The raw short-key entries (live vehicle frames merge into them) and the server time of the answer. */
export interface WatchList {
  entries: Raw[];
  at: number;
}

const call = postCall<WatchListParams, { at?: unknown }>('/web/car/watchList4');

/** POST /api/web/car/watchList4 → {deviceList (short keys), total, at}; map entries with fromWatchEntry. */
export async function getWatchList(params: WatchListParams, signal?: AbortSignal): Promise<WatchList> {
  const data = await call(params, signal);
  return { entries: watchEntries(data), at: typeof data.at === 'number' ? data.at : 0 };
}

export function useWatchList(params: WatchListParams, enabled = true) {
  return useQuery({ queryKey: [...vehiclesKey, 'watch', params], queryFn: ({ signal }) => getWatchList(params, signal), enabled });
}
