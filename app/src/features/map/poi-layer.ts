/**
 * The map's POI layer, apart from drawing it (the shared shape layer in lazy/fleet-map.ts): which of the filters'
 * types are on (localStorage `mapPoiTypes`, like the work-order layer's switch; none by default).
 */
import { useCallback } from 'react';

import { createLocalStore, useLocalStore } from '@/lib/local-store';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import type { PoiType } from '@/features/places';

/** The filters of console-spec §2: gas station, depot, service area, repair shop, geo fence. */
export const MAP_POI_TYPES: readonly PoiType[] = [1, 2, 3, 4, 5];

const store = createLocalStore(STORAGE_KEYS.mapPoiTypes);

export function parsePoiTypes(stored: string | null): PoiType[] {
  const codes = new Set((stored ?? '').split(',').map(Number));
  return MAP_POI_TYPES.filter((c) => codes.has(c));
}

export function usePoiLayerChoice(): [PoiType[], (types: PoiType[]) => void] {
  const types = parsePoiTypes(useLocalStore(store));
  const set = useCallback((next: PoiType[]) => {
    store.set(next.length > 0 ? next.join(',') : null);
  }, []);
  return [types, set];
}
