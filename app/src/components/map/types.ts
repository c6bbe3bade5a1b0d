/** Base layer: OpenStreetMap tiles, AMap tiles (GCJ-02), or the bundled outline alone (no network). */
export type TileChoice = 'osm' | 'amap' | 'offline';

export const TILE_CHOICES: readonly TileChoice[] = ['osm', 'amap', 'offline'];

export interface MapPoint {
  id: string;
  lon: number;
  lat: number;
  /** Fill colour, `#rrggbb`. */
  color: string;
  label: string;
}

export interface PointMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  tiles: TileChoice;
  onSelect?: (id: string) => void;
}

export interface PointMapHandle {
  setPoints(points: readonly MapPoint[]): void;
  select(id: string | null): void;
  /** Switches the base tiles; the points move with the datum. */
  setTiles(tiles: TileChoice): void;
  dispose(): void;
}
