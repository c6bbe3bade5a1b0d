import { skipToken, useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { DayTrack } from '../types';
import { tracksKey } from './keys';

export interface DayTrackParams {
  vehicleId: number;
  day: string;
  /** Metres the line may be simplified by (0 = every fix). */
  tolerance: number;
}

/** POST /api/web/track/day {vehicleId, day, tolerance} → DayTrack: the day's fixes, stops, speeding and alarms. */
export const getDayTrack = postCall<DayTrackParams, DayTrack>('/web/track/day');

/** The day's track; a new tolerance (zooming) keeps the drawn line until the finer or coarser one arrives. */
export function useDayTrack(params: DayTrackParams | null) {
  return useQuery({
    queryKey: [...tracksKey, 'day', params],
    queryFn: params ? ({ signal }) => getDayTrack(params, signal) : skipToken,
    // the same vehicle and day at another tolerance: keep showing it; another day: show loading
    placeholderData: (previous) => (previous && previous.vehicleId === params?.vehicleId && previous.day === params.day ? previous : undefined),
  });
}
