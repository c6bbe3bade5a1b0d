import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { TrailerSwap } from '../types';
import { vehiclesKey } from './keys';

export interface TrailerSwapParams {
  plate?: string;
  carId?: number;
  entId?: number;
  /** ISO times */
  startTime?: string;
  endTime?: string;
}

/** POST /api/web/car/trailerList → PageResult<TrailerSwap>: hitch and swap records, newest first. */
export const getTrailerSwaps = pageCall<TrailerSwapParams, TrailerSwap>('/web/car/trailerList');

export const trailerSwapsKey = [...vehiclesKey, 'trailerSwaps'] as const;

export function useTrailerSwaps(params: TrailerSwapParams & Paging) {
  return usePageQuery(trailerSwapsKey, getTrailerSwaps, params);
}
