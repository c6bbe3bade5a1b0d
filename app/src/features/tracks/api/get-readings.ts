import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { pageCall } from '@/lib/calls';
import type { DataListRequest, ReadingRow } from '@/lib/api-types';
import { tracksKey } from './keys';

/** POST /api/web/car/data_list → PageResult<ReadingRow>: stored wheel readings, newest first. */
export const getReadings = pageCall<DataListRequest, ReadingRow>('/web/car/data_list', { noSupersede: true });

/** How far back a moment's readings may be (a receiver reports tyres every few minutes at most when parked). */
const LOOKBACK_MS = 60 * 60 * 1000;

/** The last report with wheel readings at or before `ms` (within the hour before), or null. */
export function useReadingsAt(vehicleId: number | null, ms: number | null) {
  return useQuery({
    queryKey: [...tracksKey, 'readings', vehicleId, ms],
    queryFn: async ({ signal }) => {
      const page = await getReadings(
        { vehicleId, start: new Date((ms ?? 0) - LOOKBACK_MS).toISOString(), end: new Date((ms ?? 0) + 1000).toISOString(), kind: 1, page: 1, pageSize: 1 },
        signal,
      );
      return page.list[0] ?? null;
    },
    enabled: vehicleId !== null && ms !== null,
    placeholderData: keepPreviousData,
  });
}
