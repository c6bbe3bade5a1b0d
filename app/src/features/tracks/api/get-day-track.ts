import { skipToken, useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { DayTrack, DayTrackQuery } from '@/lib/api-types';
import { tracksKey } from './keys';

/** The vehicle and day. */
export type DayTrackParams = Pick<DayTrackQuery, 'vehicleId' | 'day'>;

/** POST /api/web/track/day {vehicleId, day, tolerance: 0} → DayTrack: the day's every fix, stops, speeding and alarms. */
export const getDayTrack = postCall<DayTrackQuery, DayTrack>('/web/track/day');

/** The day's track with every fix (playback moves along them; the map simplifies the drawn line by itself). */
export function useDayTrack(params: DayTrackParams | null) {
  return useQuery({
    queryKey: [...tracksKey, 'day', params],
    queryFn: params ? ({ signal }) => getDayTrack({ ...params, tolerance: 0 }, signal) : skipToken,
  });
}
