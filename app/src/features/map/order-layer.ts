/**
 * The map's work-order layer, apart from drawing it (lazy/order-layer.ts): whether it is on (localStorage
 * `mapWorkOrders`, like the base layer's choice; off by default), the markers made from the list's rows, their
 * colours, and what the layer's count says.
 */
import { useCallback } from 'react';

import type { OrderRow } from '@/lib/api-types';
import { createLocalStore, useLocalStore } from '@/lib/local-store';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { IN_PROGRESS } from '@/features/work';
import type { OrderMarker } from './map-types';

const store = createLocalStore(STORAGE_KEYS.mapWorkOrders);

export function useOrderLayerChoice(): [boolean, (on: boolean) => void] {
  const on = useLocalStore(store) === '1';
  const set = useCallback((next: boolean) => {
    store.set(next ? '1' : null);
  }, []);
  return [on, set];
}

/** Pending and in progress as the work screens colour them (amber, blue); overdue ones get a red outline. */
export const ORDER_COLORS = { pending: '#F59E0B', progress: '#2563EB', overdue: '#E5484D' } as const;

/** The rows that have a position, as markers. */
export function toOrderMarkers(rows: readonly OrderRow[]): OrderMarker[] {
  const markers: OrderMarker[] = [];
  for (const o of rows) {
    if (typeof o.lat !== 'number' || typeof o.lon !== 'number') continue;
    markers.push({ id: o.id, lon: o.lon, lat: o.lat, progress: o.state === IN_PROGRESS, overdue: o.overdue });
  }
  return markers;
}

/** The layer's count: how many are drawn, and of how many when the list stopped at its limit. */
export function orderCount(shown: number, total: number): { text: string; truncated: boolean } {
  const truncated = total > shown;
  return { text: truncated ? `${String(shown)} / ${String(total)}` : String(shown), truncated };
}
