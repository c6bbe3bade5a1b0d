import { skipToken, useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { DayTrack, DayTrackQuery } from '@/lib/api-types';
import { tracksKey } from './keys';

/** The day and the metres its line may be simplified by (0 = every fix). */
export type DayTrackParams = Pick<DayTrackQuery, 'vehicleId' | 'day'> & { tolerance: number };

/** POST /api/web/track/day {vehicleId, day, tolerance} → DayTrack: the day's fixes, stops, speeding and alarms. */
export const getDayTrack = postCall<DayTrackQuery, DayTrack>('/web/track/day');

/** The day's track; a new tolerance (zooming) keeps the drawn line until the finer or coarser one arrives. */
export function useDayTrack(params: DayTrackParams | null) {
  return useQuery({
    queryKey: [...tracksKey, 'day', params],
    queryFn: params ? ({ signal }) => getDayTrack(params, signal) : skipToken,
    // the same vehicle and day at another tolerance: keep showing it; another day: show loading
    placeholderData: (previous) => (previous && previous.vehicleId === params?.vehicleId && previous.day === params.day ? previous : undefined),
  });
}
