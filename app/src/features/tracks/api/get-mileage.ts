import { postCall, useCallQuery } from '@/lib/calls';
import type { DayKm, HistogramRequest } from '@/lib/api-types';
import { tracksKey } from './keys';

/** POST /api/web/car/mileage_histogram → DayKm[]: km and driving seconds per UTC day, every day of the range. */
export const getMileageHistogram = postCall<HistogramRequest, DayKm[]>('/web/car/mileage_histogram', { noSupersede: true });

export function useMileageHistogram(payload: HistogramRequest, enabled = true) {
  return useCallQuery([...tracksKey, 'mileage'], getMileageHistogram, payload, enabled);
}
