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

/**
 * The choice as it stands now, for building a map: during hydration the hook still answers the server's default
 * (localStorage is not read until the render after), and a map built in that window would fetch OpenStreetMap tiles
 * before switching.
 */
export function currentTileChoice(): TileChoice {
  return parseTiles(new URLSearchParams(window.location.search).get('tiles')) ?? parseTiles(store.get()) ?? 'osm';
}

export function useTileChoice(): [TileChoice, (tiles: TileChoice) => void] {
  const [params] = useSearchParams();
  const stored = parseTiles(useLocalStore(store));
  const set = useCallback((tiles: TileChoice) => {
    store.set(tiles);
  }, []);
  return [parseTiles(params.get('tiles')) ?? stored ?? 'osm', set];
}
