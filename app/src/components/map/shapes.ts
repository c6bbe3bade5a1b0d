/**
 * Shapes drawn on a map, in WGS-84 lon/lat: marked points, circles (metres), polygons (open rings) and lines with an
 * optional corridor (metres each side). Features turn their rows into these (points of interest, routes); the
 * OpenLayers side is lazy/shape-layer.ts.
 */
import type { LonLat } from '@/lib/geo';

/** The mark of a point: a few distinct outlines, so types differ by more than colour. */
export type ShapeSymbol = 'circle' | 'square' | 'triangle' | 'diamond' | 'star';

interface ShapeBase {
  id: string;
  /** `#rrggbb`. */
  color: string;
  /** Shown beside the shape while it is selected. */
  label: string;
  symbol: ShapeSymbol;
  /** A short text always drawn on the shape (a count), the label replacing it while selected. */
  badge?: string;
}

export type MapShape =
  | (ShapeBase & { kind: 'point'; lon: number; lat: number })
  | (ShapeBase & { kind: 'circle'; lon: number; lat: number; radiusM: number })
  | (ShapeBase & { kind: 'polygon'; ring: readonly LonLat[] })
  | (ShapeBase & { kind: 'line'; path: readonly LonLat[]; corridorM?: number });

/** What a person drew or changed on the map. */
export type DrawnShape =
  | { kind: 'point'; lon: number; lat: number }
  | { kind: 'circle'; lon: number; lat: number; radiusM: number }
  | { kind: 'polygon'; ring: LonLat[] }
  | { kind: 'line'; path: LonLat[] };

export type DrawMode = 'none' | DrawnShape['kind'];

/** The viewport: [minLon, minLat, maxLon, maxLat]. */
export type LonLatBox = [number, number, number, number];
