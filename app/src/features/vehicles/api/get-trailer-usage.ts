import type { TrailerUsage } from '@/lib/api-types';
import { listCall } from '@/lib/calls';
import type { TrailerSwapParams } from './get-trailer-swaps';
import { vehiclesKey } from './keys';

/** A trailer's use, with the share of the period it spent hitched (null without a start). */
export interface TrailerUsageRow extends TrailerUsage {
  sharePct: number | null;
}

const analyseTrailers = listCall<TrailerSwapParams, TrailerUsage>('/web/car/analyse_trailer');

/** POST /api/web/car/analyse_trailer → each trailer's hitches, tractors and time hitched in the period. */
export async function getTrailerUsage(params: TrailerSwapParams, signal?: AbortSignal): Promise<TrailerUsageRow[]> {
  const rows = await analyseTrailers(params, signal);
  const from = params.startTime ? Date.parse(params.startTime) : NaN;
  const end = Math.min(params.endTime ? Date.parse(params.endTime) : Date.now(), Date.now());
  const seconds = (end - from) / 1000;
  return rows.map((r) => ({ ...r, sharePct: seconds > 0 ? Math.min(100, (r.hitchedSeconds / seconds) * 100) : null }));
}

export const trailerUsageKey = [...vehiclesKey, 'trailerUsage'] as const;
