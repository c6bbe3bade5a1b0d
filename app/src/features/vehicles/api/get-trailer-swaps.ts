import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { TrailerSwap } from '../types';
import { vehiclesKey } from './keys';

export interface TrailerSwapParams {
  keyword?: string;
  carId?: number;
}

/** POST /api/web/car/trailerList → PageResult<TrailerSwap>: hitch and swap records (shape assumed). */
export const getTrailerSwaps = pageCall<TrailerSwapParams, TrailerSwap>('/web/car/trailerList');

export const trailerSwapsKey = [...vehiclesKey, 'trailerSwaps'] as const;

export function useTrailerSwaps(params: TrailerSwapParams & Paging) {
  return usePageQuery(trailerSwapsKey, getTrailerSwaps, params);
}
