/** The contract between the track screens and the OpenLayers module (lazy/track-map.ts). */
import type { TileChoice } from '@/components/map/types';

/** A line to draw: one day of a range, or the day being played. `coords` are `[lon, lat]` (WGS-84). */
export interface TrackLine {
  id: string;
  color: string;
  coords: readonly (readonly number[])[];
}

export type MarkerKind = 'start' | 'end' | 'stop' | 'alarm';

export interface TrackMarker {
  id: string;
  kind: MarkerKind;
  lon: number;
  lat: number;
}

export interface TrackMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  tiles: TileChoice;
  /** A click on a line (its id); without it lines are not clickable. */
  onSelectLine?: (id: string) => void;
}

export interface TrackMapHandle {
  /** The lines, and the stretches drawn red over them (speeding). */
  setLines(lines: readonly TrackLine[], highlights: readonly (readonly (readonly number[])[])[]): void;
  setMarkers(markers: readonly TrackMarker[]): void;
  /** The played vehicle (null: none); `follow` pans when it nears the edge of the view. */
  setVehicle(vehicle: { lon: number; lat: number; direction: number } | null, follow: boolean): void;
  /** Shows every line and marker. */
  fit(): void;
  setTiles(tiles: TileChoice): void;
  dispose(): void;
}
