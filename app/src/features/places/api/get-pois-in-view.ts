import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import type { LonLatBox } from '@/components/map/shapes';
import { postCall } from '@/lib/calls';
import type { PoiMapQuery, PoisInView, PoiType } from '../types';
import { placesKeys } from './keys';

/** POST /api/poi/searchMap → the POIs of a viewport (at most `limit`, default 2000; `truncated` when more). */
export const getPoisInView = postCall<PoiMapQuery, PoisInView>('/poi/searchMap');

/** A map pans in many small moves: ask once it has settled. */
const SETTLE_MS = 300;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [value]);
  return settled;
}

/** The POIs of the viewport of these types (none asked while `box` is null or no type is on). */
export function usePoisInView(box: LonLatBox | null, types: readonly PoiType[] | null) {
  const settled = useSettled(box);
  const on = settled !== null && (types === null || types.length > 0);
  return useQuery({
    queryKey: [...placesKeys.pois, 'view', settled, types],
    queryFn: ({ signal }) => {
      const [minLon, minLat, maxLon, maxLat] = settled ?? [0, 0, 0, 0];
      return getPoisInView({ minLon, minLat, maxLon, maxLat, ...(types ? { poiType: [...types] } : {}) }, signal);
    },
    enabled: on,
    placeholderData: keepPreviousData,
  });
}
