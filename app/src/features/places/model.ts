/**
 * Points of interest and routes as the maps draw them: each type's colour and symbol (the legend shows the same),
 * rows turned into map shapes, and a drawn shape turned back into a POI's geometry. Also the fragment runs a screen
 * follows, as the generation log now has them.
 */
import { ROUTE_STATE_COLORS } from '@/components/map/route-states';
import type { DrawMode, DrawnShape, MapShape, ShapeSymbol } from '@/components/map/shapes';
import type { Fence, FragmentRun, PoiInput, PoiRow, PoiShape, PoiType, RouteRow, RouteState, RouteVehicle, RunState } from './types';

export interface PoiTypeStyle {
  code: PoiType;
  /** Under `type.` in the places namespace (and the live map's `poi.` filters for 1–5). */
  key: 'gasStation' | 'depot' | 'serviceArea' | 'repairShop' | 'geoFence' | 'own';
  color: string;
  symbol: ShapeSymbol;
}

/** Anything else is the enterprise's own kind of place. */
const OWN: PoiTypeStyle = { code: 9, key: 'own', color: '#0891B2', symbol: 'circle' };

export const POI_TYPES: readonly PoiTypeStyle[] = [
  { code: 1, key: 'gasStation', color: '#E5484D', symbol: 'circle' },
  { code: 2, key: 'depot', color: '#2563EB', symbol: 'square' },
  { code: 3, key: 'serviceArea', color: '#16A34A', symbol: 'triangle' },
  { code: 4, key: 'repairShop', color: '#D97706', symbol: 'diamond' },
  { code: 5, key: 'geoFence', color: '#7C3AED', symbol: 'star' },
  OWN,
];

export function poiTypeStyle(code: number): PoiTypeStyle {
  return POI_TYPES.find((p) => p.code === code) ?? OWN;
}

export const SHAPES: readonly { code: PoiShape; key: 'point' | 'circle' | 'polygon' }[] = [
  { code: 1, key: 'point' },
  { code: 2, key: 'circle' },
  { code: 3, key: 'polygon' },
];

export const FENCES: readonly Fence[] = [0, 1, 2];

/** The fence's text key. */
export const FENCE_KEYS = { 0: 'fence.0', 1: 'fence.1', 2: 'fence.2' } as const satisfies Record<Fence, string>;

export const DRAW_OF_SHAPE = { 1: 'point', 2: 'circle', 3: 'polygon' } as const satisfies Record<PoiShape, DrawMode>;

export function poiShape(row: PoiRow): MapShape {
  const { color, symbol } = poiTypeStyle(row.poiType);
  const common = { id: `poi-${String(row.id)}`, color, symbol, label: row.name };
  if (row.shape === 2 && row.radiusM) return { ...common, kind: 'circle', lon: row.lon, lat: row.lat, radiusM: row.radiusM };
  if (row.shape === 3 && row.polygon && row.polygon.length >= 3) return { ...common, kind: 'polygon', ring: row.polygon };
  return { ...common, kind: 'point', lon: row.lon, lat: row.lat };
}

/** Shapes of rows; a circle or polygon also gets its type's mark at its centre, so it shows at any zoom. */
export function poiShapes(rows: readonly PoiRow[]): MapShape[] {
  return rows.flatMap((row) => {
    const shape = poiShape(row);
    return shape.kind === 'point' ? [shape] : [shape, { ...poiShape({ ...row, shape: 1 }), id: `poi-${String(row.id)}-mark` }];
  });
}

/** The POI id of a shape id (`poi-12`, `poi-12-mark`), or null for other shapes. */
export function poiIdOf(shapeId: string | null): number | null {
  const m = shapeId ? /^poi-(\d+)/.exec(shapeId) : null;
  return m?.[1] ? Number(m[1]) : null;
}

/** Worse verdicts first: a route takes the colour of its worst vehicle. */
const STATE_RANK: readonly RouteState[] = ['offRoute', 'inference', 'matched', 'none'];

/** A vehicle's verdict on `routeId`: none before its first report there (or a verdict left from another route). */
export function vehicleState(vehicle: RouteVehicle, routeId: number): RouteState {
  return vehicle.matched?.routeId === routeId ? vehicle.matched.state : 'none';
}

/** The worst verdict of the route's vehicles; none without vehicles. */
export function routeState(row: RouteRow): RouteState {
  const states = new Set(row.vehicles.map((v) => vehicleState(v, row.id)));
  return STATE_RANK.find((state) => states.has(state)) ?? 'none';
}

/** The route's line and corridor, in the colour of its worst vehicle (console-spec §2). */
export function routeShape(row: RouteRow): MapShape {
  return {
    id: `route-${String(row.id)}`,
    kind: 'line',
    color: ROUTE_STATE_COLORS[routeState(row)],
    symbol: 'circle',
    label: row.name,
    path: row.nodes.map((n) => [n.lon, n.lat] as const),
    corridorM: row.corridorM,
  };
}

export function routeIdOf(shapeId: string | null): number | null {
  const m = shapeId ? /^route-(\d+)$/.exec(shapeId) : null;
  return m?.[1] ? Number(m[1]) : null;
}

/** What a POI can be drawn as (not a line). */
export type PoiDrawn = Exclude<DrawnShape, { kind: 'line' }>;

/** A row's geometry as the draft the dialog edits. */
export function drawnOf(row: PoiRow): PoiDrawn {
  if (row.shape === 2 && row.radiusM) return { kind: 'circle', lon: row.lon, lat: row.lat, radiusM: row.radiusM };
  if (row.shape === 3 && row.polygon) return { kind: 'polygon', ring: row.polygon };
  return { kind: 'point', lon: row.lon, lat: row.lat };
}

/** The geometry fields of a POI from what was drawn (a polygon's `lon`/`lat` is its first vertex; the server places it). */
export function geometryOf(drawn: PoiDrawn): Pick<PoiInput, 'shape' | 'lon' | 'lat' | 'radiusM' | 'polygon'> {
  switch (drawn.kind) {
    case 'circle':
      return { shape: 2, lon: drawn.lon, lat: drawn.lat, radiusM: drawn.radiusM };
    case 'polygon': {
      const [lon = 0, lat = 0] = drawn.ring[0] ?? [];
      return { shape: 3, lon, lat, polygon: drawn.ring };
    }
    case 'point':
      return { shape: 1, lon: drawn.lon, lat: drawn.lat };
  }
}

/** `FragmentRun.state`: still building. */
export const RUN_RUNNING: RunState = 1;

/** The runs started, each as the log's latest answer has it (as started until the log lists it). */
export function latestRuns(started: readonly FragmentRun[], log: readonly FragmentRun[] | undefined): FragmentRun[] {
  const byId = new Map(log?.map((run) => [run.id, run]));
  return started.map((run) => byId.get(run.id) ?? run);
}
