/**
 * The map's base layer: `?tiles=osm|amap|offline` in the URL wins (tests and CI use `offline`: no network), then
 * the user's choice in localStorage `mapTiles`, then OpenStreetMap.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { createLocalStore, useLocalStore } from '@/lib/local-store';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { TILE_CHOICES, type TileChoice } from './types';

const store = createLocalStore(STORAGE_KEYS.mapTiles);

export function parseTiles(value: string | null | undefined): TileChoice | null {
  return TILE_CHOICES.find((c) => c === value) ?? null;
}

export function useTileChoice(): [TileChoice, (tiles: TileChoice) => void] {
  const [params] = useSearchParams();
  const stored = parseTiles(useLocalStore(store));
  const set = useCallback((tiles: TileChoice) => {
    store.set(tiles);
  }, []);
  return [parseTiles(params.get('tiles')) ?? stored ?? 'osm', set];
}
