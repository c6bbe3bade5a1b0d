import { useQuery } from '@tanstack/react-query';

import { postCall } from '../../../lib/calls';
import { fromWatchList, type FleetVehicle } from '../fleet-keys';
import { vehiclesKey } from './keys';

export interface WatchListParams {
  entId?: number;
  uid?: number;
  /** 0 every key (default), 1 the map subset. */
  data_volume?: 0 | 1;
}

const call = postCall<WatchListParams>('/web/car/watchList4');

/** POST /api/web/car/watchList4 → {deviceList (short keys), total, at}, mapped back to vehicles. */
export async function getWatchList(params: WatchListParams, signal?: AbortSignal): Promise<FleetVehicle[]> {
  return fromWatchList(await call(params, signal));
}

export function useWatchList(params: WatchListParams) {
  return useQuery({ queryKey: [...vehiclesKey, 'watch', params], queryFn: ({ signal }) => getWatchList(params, signal) });
}
