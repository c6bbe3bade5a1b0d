import { useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import { watchAnswer, type WatchAnswer } from '../fleet-keys';
import { vehiclesKey } from './keys';

export interface WatchListParams {
  entId?: number;
  uid?: number;
  /** 0 every key (default), 1 the map subset. */
  data_volume?: 0 | 1;
  /** The `version` of an earlier answer: only what changed after it (or the whole feed when the server cannot tell). */
  since?: string;
}

const call = postCall<WatchListParams>('/web/car/watchList4');

/** POST /api/web/car/watchList4 → {deviceList (short keys), followed, version, total, at[, delta, removed]}. */
export async function getWatchList(params: WatchListParams, signal?: AbortSignal): Promise<WatchAnswer> {
  return watchAnswer(await call(params, signal));
}

export function useWatchList(params: WatchListParams, enabled = true) {
  return useQuery({ queryKey: [...vehiclesKey, 'watch', params], queryFn: ({ signal }) => getWatchList(params, signal), enabled });
}
