/**
 * The shapes of the track area's calls (docs/tracks.md). Written from the document while the calls are being built;
 * lon/lat WGS-84, metres, RFC 3339 times, `YYYY-MM-DD` UTC days.
 */
import type { LonLat } from '@/lib/geo';

/** 1 gas station, 2 depot, 3 service area, 4 repair shop, 5 geofence, 9 the enterprise's own. */
export type PoiType = 1 | 2 | 3 | 4 | 5 | 9;
/** 1 point, 2 circle, 3 polygon. */
export type PoiShape = 1 | 2 | 3;
/** 0 none, 1 alarm on entering, 2 alarm on leaving. */
export type Fence = 0 | 1 | 2;

export interface PoiRow {
  id: number;
  entId: number | null;
  name: string;
  poiType: PoiType;
  shape: PoiShape;
  lon: number;
  lat: number;
  radiusM: number | null;
  /** An open ring. */
  polygon: LonLat[] | null;
  address: string;
  phone: string;
  remark: string;
  fence: Fence;
  /** From the point searched around (only then). */
  distanceM?: number;
  createdAt: string;
}

export interface PoiInput {
  id?: number;
  name: string;
  poiType: PoiType;
  shape: PoiShape;
  lon: number;
  lat: number;
  radiusM?: number;
  polygon?: LonLat[];
  address?: string;
  phone?: string;
  remark?: string;
  fence?: Fence;
}

export interface PoiSearch {
  lon?: number;
  lat?: number;
  radius?: number;
  poiName?: string;
  poiType?: PoiType[];
}

export interface PoiMapQuery {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
  poiType?: PoiType[];
  limit?: number;
}

export interface PoisInView {
  list: PoiRow[];
  total: number;
  truncated: boolean;
}

export interface RouteNode {
  lon: number;
  lat: number;
  name: string;
  stop: boolean;
}

export interface RouteRow {
  id: number;
  entId: number;
  name: string;
  corridorM: number;
  nodes: RouteNode[];
  lengthM: number;
  vehicles: { id: number; plate: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface RouteInput {
  id?: number;
  /** The owner (platform staff); the acting enterprise when absent. */
  entId?: number;
  name: string;
  corridorM: number;
  nodes: RouteNode[];
}

/** A drawn line, a vehicle's driven time span, or an uploaded track. */
export type NodeSource = { points: LonLat[] } | { vehicleId: number; start: string; end: string } | { uploadId: number };

export interface GeneratedNodes {
  nodes: RouteNode[];
  lengthM: number;
}

export interface TrackUpload {
  id: number;
  points: number;
  lengthM: number;
  errors: { row: number; message: string }[];
}

/** 1 running, 2 done, 3 failed, 4 cancelled. */
export type RunState = 1 | 2 | 3 | 4;

/** One rebuild of track fragments (the generation log's row). */
export interface FragmentRun {
  id: number;
  entId: number | null;
  /** Null: every vehicle of the caller's scope. */
  vehicleId: number | null;
  startDay: string;
  endDay: string;
  vehicles: number;
  /** Vehicle-days to build. */
  days: number;
  /** Vehicle-days built so far. */
  built: number;
  state: RunState;
  error: string;
  createdBy: number;
  startedAt: string;
  finishedAt: string | null;
}
