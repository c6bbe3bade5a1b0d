/**
 * The shapes of the track area's calls (docs/tracks.md), from the contract's generated types with their codes
 * narrowed to what the server documents; lon/lat WGS-84, metres, RFC 3339 times, `YYYY-MM-DD` UTC days.
 */
import type {
  FragmentRun as FragmentRunWire,
  GeneratedNodes as GeneratedNodesWire,
  MapPois,
  PoiInput as PoiInputWire,
  PoiRow as PoiRowWire,
  PoiSearch as PoiSearchWire,
  RouteInput as RouteInputWire,
  RouteNode as RouteNodeWire,
  RouteRow as RouteRowWire,
  RouteState,
  RouteVehicle,
  Viewport,
} from '@/lib/api-types';
import type { LonLat } from '@/lib/geo';
/** 1 gas station, 2 depot, 3 service area, 4 repair shop, 5 geofence, 9 the enterprise's own. */
export type PoiType = 1 | 2 | 3 | 4 | 5 | 9;
/** 1 point, 2 circle, 3 polygon. */
export type PoiShape = 1 | 2 | 3;
/** 0 none, 1 alarm on entering, 2 alarm on leaving. */
export type Fence = 0 | 1 | 2;

export type PoiRow = Omit<PoiRowWire, 'poiType' | 'shape' | 'fence' | 'polygon'> & {
  poiType: PoiType;
  shape: PoiShape;
  fence: Fence;
  /** An open ring. */
  polygon?: LonLat[] | null;
};

export type PoiInput = Omit<PoiInputWire, 'poiType' | 'shape' | 'fence' | 'polygon'> & {
  poiType: PoiType;
  shape: PoiShape;
  fence?: Fence;
  polygon?: LonLat[];
};

export type PoiSearch = Omit<PoiSearchWire, 'poiType'> & { poiType?: PoiType[] };

export type PoiMapQuery = Omit<Viewport, 'poiType'> & { poiType?: PoiType[] };

export type PoisInView = Omit<MapPois, 'list'> & { list: PoiRow[] };

/** A node as answers carry it (name and stop always there). */
export type RouteNode = Required<RouteNodeWire>;

export type RouteRow = Omit<RouteRowWire, 'nodes'> & { nodes: RouteNode[] };

export type RouteInput = RouteInputWire;

export type { RouteState, RouteVehicle };

/** A drawn line, a vehicle's driven time span, or an uploaded track. */
export type NodeSource = { points: LonLat[] } | { vehicleId: number; start: string; end: string } | { uploadId: number };

export type GeneratedNodes = Omit<GeneratedNodesWire, 'nodes'> & { nodes: RouteNode[] };

/**
 * The answer of /web/amap/track_upload as the server sends it. Written out: the contract names it `Uploaded`, a name
 * it also gives the files area's upload answer, so the generated type is that one.
 */
export interface TrackUpload {
  id: number;
  format: 'gpx' | 'kml' | 'csv';
  points: number;
  lengthM: number;
  /** The first rows skipped (at most 100); `errorCount` in all. */
  errors: { row: number; message: string }[];
  errorCount: number;
}

/** 1 running, 2 done, 3 failed, 4 cancelled. */
export type RunState = 1 | 2 | 3 | 4;

/** One rebuild of track fragments (the generation log's row). */
export type FragmentRun = Omit<FragmentRunWire, 'state'> & { state: RunState };
