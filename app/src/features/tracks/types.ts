/**
 * Shapes of the track calls (docs/tracks.md, server/domain/src/track). Times RFC 3339 (UTC), days `YYYY-MM-DD` (UTC
 * days), distances metres, speeds km/h, coordinates WGS-84.
 */

/** One fix of a track (TrackPoint). */
export interface TrackFix {
  ts: string;
  lat: number;
  lon: number;
  speed: number;
  direction: number;
}

/** A stop of three minutes or more. */
export interface TrackStop {
  start: string;
  end: string;
  lat: number;
  lon: number;
  seconds: number;
}

/** A stretch above the speed limit; `lat`/`lon` where it began. */
export interface SpeedingStretch {
  start: string;
  end: string;
  maxSpeed: number;
  lat: number;
  lon: number;
}

/** An alarm raised during the day, where the vehicle was then. */
export interface TrackAlarm {
  id: number;
  kind: number;
  level: number;
  position: number;
  startedAt: string;
  lat: number;
  lon: number;
}

/** POST /web/track/day → DayTrack. */
export interface DayTrack {
  vehicleId: number;
  plate: string;
  day: string;
  /** Fixes stored that day (before simplification). */
  total: number;
  meters: number;
  movingSeconds: number;
  points: TrackFix[];
  stops: TrackStop[];
  speeding: SpeedingStretch[];
  alarms: TrackAlarm[];
}

/** One vehicle's finished UTC day (track_fragments). */
export interface Fragment {
  day: string;
  total: number;
  meters: number;
  movingSeconds: number;
  firstAt: string | null;
  lastAt: string | null;
  bbox: [number, number, number, number] | null;
  /** The simplified line, `[lon, lat]` pairs. */
  line: [number, number][];
}

/** A rebuild of fragments (fragment_runs): how many days it builds and has built; state 1 running, 2 done. */
export interface FragmentRun {
  id: number;
  days: number;
  built: number;
  state: number;
}

/** POST /web/track/analyse → TrackAnalysis: every day of the range (days without fixes too), and a job building the
 * missing ones when there were many. */
export interface TrackAnalysis {
  vehicleId: number;
  plate: string;
  days: Fragment[];
  meters: number;
  movingSeconds: number;
  jobId?: number | null;
  job?: FragmentRun | null;
  done: boolean;
  /** Days still to build. */
  pending: number;
}
