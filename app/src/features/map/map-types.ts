/** The contract between the map page and the OpenLayers module (lazy/fleet-map.ts). */
import type { LonLatBox, MapShape } from '@/components/map/shapes';
import type { FleetVehicle } from '@/features/vehicles';

import type { TileChoice } from '@/components/map/types';

export { TILE_CHOICES, type TileChoice } from '@/components/map/types';

export type MapTool = 'none' | 'measure' | 'draw';

/** An open work order drawn on the map (a diamond, unlike the vehicles' dots). */
export interface OrderMarker {
  id: number;
  lon: number;
  lat: number;
  /** In progress (else pending). */
  progress: boolean;
  overdue: boolean;
}

export interface FleetMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  tiles: TileChoice;
  onSelect: (carId: number | null) => void;
  onSelectOrder: (id: number) => void;
  /** A point of interest's shape picked (its shape id). */
  onSelectPoi: (shapeId: string) => void;
  /** The viewport (WGS-84) after every move: the POI layer asks for what is in it. */
  onView: (box: LonLatBox) => void;
  /** A finished measurement, in metres. */
  onMeasure: (metres: number) => void;
}

export interface FleetMapHandle {
  /** The vehicles to draw (already filtered): features are updated in place, added and removed by carId. */
  setVehicles(list: readonly FleetVehicle[]): void;
  select(carId: number | null): void;
  /**
   * The work orders to draw, or null when the layer is off. When they appear (the layer turned on) and none is in
   * view, the view moves to show them.
   */
  setOrders(list: readonly OrderMarker[] | null): void;
  selectOrder(id: number | null): void;
  /** The points of interest to draw (icons, circles, polygons), or null when their layer is off. */
  setPois(shapes: readonly MapShape[] | null): void;
  selectPoi(shapeId: string | null): void;
  setFollow(follow: boolean): void;
  setTool(tool: MapTool): void;
  clearSketches(): void;
  setTiles(tiles: TileChoice): void;
  dispose(): void;
}
