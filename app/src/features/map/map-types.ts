/** The contract between the map page and the OpenLayers module (lazy/fleet-map.ts). */
import type { FleetVehicle } from '@/features/vehicles';

/** Base layer: OpenStreetMap tiles, AMap tiles (GCJ-02), or the bundled outline alone (no network). */
export type TileChoice = 'osm' | 'amap' | 'offline';

export const TILE_CHOICES: readonly TileChoice[] = ['osm', 'amap', 'offline'];

export type MapTool = 'none' | 'measure' | 'draw';

export interface FleetMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  tiles: TileChoice;
  onSelect: (carId: number | null) => void;
  /** A finished measurement, in metres. */
  onMeasure: (metres: number) => void;
}

export interface FleetMapHandle {
  /** The vehicles to draw (already filtered): features are updated in place, added and removed by carId. */
  setVehicles(list: readonly FleetVehicle[]): void;
  select(carId: number | null): void;
  setFollow(follow: boolean): void;
  setTool(tool: MapTool): void;
  clearSketches(): void;
  setTiles(tiles: TileChoice): void;
  dispose(): void;
}
