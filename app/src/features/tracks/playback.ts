/**
 * The arithmetic of track playback and of the track screens: where the vehicle was at a moment (interpolated between
 * fixes), UTC day ranges and the colours of day lines. Pure.
 */
import { addDays } from '@/lib/days';
import { distanceMetres } from '@/lib/geo';
import type { TrackMarker } from './track-map-types';
import type { AlarmPoint, Stop, TrackPoint } from '@/lib/api-types';

export { addDays, daysBetween, parseDay, utcToday } from '@/lib/days';

/** Playback speeds offered (console-spec: 1×/2×/4×/8×/16×). */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8, 16] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * Track seconds played per second at 1×: a day at real time would take a day, so 1× plays a minute a second (a busy
 * hour in a minute); 16× plays a day in about a minute and a half.
 */
export const TRACK_SECONDS_PER_SECOND = 60;

export interface Moment {
  ms: number;
  lon: number;
  lat: number;
  speed: number;
  direction: number;
}

const msOf = (fix: TrackPoint) => Date.parse(fix.ts);

/** First and last fix times, ms; null without fixes. */
export function timeline(points: readonly TrackPoint[]): { start: number; end: number } | null {
  const first = points[0];
  const last = points[points.length - 1];
  return first && last ? { start: msOf(first), end: msOf(last) } : null;
}

/**
 * Where the vehicle was at `ms`: between the two fixes around it, linearly by time. The speed is the fix's own at a
 * fix, else the average over the two fixes around it (a simplified line keeps few fixes of a steady drive, and a kept
 * fix's speed says little about the stretch after it). Before the first fix: the first; after the last: the last.
 */
export function momentAt(points: readonly TrackPoint[], ms: number): Moment | null {
  const at = (i: number) => {
    const p = points[i];
    return p ? msOf(p) : Number.POSITIVE_INFINITY;
  };
  // the last fix at or before ms (binary search: points are in time order)
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at(mid) <= ms) lo = mid;
    else hi = mid - 1;
  }
  const a = points[lo];
  if (!a) return null;
  const b = points[lo + 1];
  const aMs = msOf(a);
  if (!b || ms <= aMs) return { ms, lon: a.lon, lat: a.lat, speed: a.speed, direction: a.direction };
  const bMs = msOf(b);
  if (bMs <= aMs) return { ms, lon: a.lon, lat: a.lat, speed: a.speed, direction: a.direction };
  const f = Math.min(1, (ms - aMs) / (bMs - aMs));
  const average = (distanceMetres([a.lon, a.lat], [b.lon, b.lat]) / ((bMs - aMs) / 1000)) * 3.6;
  return { ms, lon: a.lon + (b.lon - a.lon) * f, lat: a.lat + (b.lat - a.lat) * f, speed: average, direction: a.lon === b.lon && a.lat === b.lat ? a.direction : bearing(a, b) };
}

/** Initial great-circle bearing from a to b, degrees clockwise from north (0–360). */
function bearing(a: TrackPoint, b: TrackPoint): number {
  const rad = Math.PI / 180;
  const dLon = (b.lon - a.lon) * rad;
  const y = Math.sin(dLon) * Math.cos(b.lat * rad);
  const x = Math.cos(a.lat * rad) * Math.sin(b.lat * rad) - Math.sin(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos(dLon);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

/** The fixes between two times (inclusive), as `[lon, lat]`: a speeding stretch's line. */
export function stretchLine(points: readonly TrackPoint[], start: string, end: string): [number, number][] {
  const from = Date.parse(start);
  const to = Date.parse(end);
  return points.filter((p) => {
    const t = msOf(p);
    return t >= from && t <= to;
  }).map((p) => [p.lon, p.lat]);
}

/** The RFC 3339 range `[start, end)` covering the UTC days `from`..`to` (both included). */
export function dayRange(from: string, to: string): { start: string; end: string } {
  return { start: `${from}T00:00:00Z`, end: `${addDays(to, 1)}T00:00:00Z` };
}

/** The colour of a single track's line (a day's playback, a trip). */
export const TRACK_COLOR = '#2563eb';

/** Distinct, readable line colours, one per day of a range (repeating after ten). */
const DAY_COLORS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#4f46e5', '#0d9488'] as const;

export function dayColor(index: number): string {
  return DAY_COLORS[((index % DAY_COLORS.length) + DAY_COLORS.length) % DAY_COLORS.length] ?? DAY_COLORS[0];
}

/** Metres → km with one decimal. */
export function km(metres: number): string {
  return (metres / 1000).toFixed(1);
}

/** The markers of a track: its start and end, its stops and its alarm points. */
export function trackMarkers(points: readonly TrackPoint[], stops: readonly Stop[], alarms: readonly AlarmPoint[] = []): TrackMarker[] {
  const first = points[0];
  const last = points[points.length - 1];
  return [
    ...(first ? [{ id: 'start', kind: 'start' as const, lon: first.lon, lat: first.lat }] : []),
    ...(last && points.length > 1 ? [{ id: 'end', kind: 'end' as const, lon: last.lon, lat: last.lat }] : []),
    ...stops.map((s) => ({ id: `stop-${s.start}`, kind: 'stop' as const, lon: s.lon, lat: s.lat })),
    ...alarms.map((a) => ({ id: `alarm-${String(a.id)}`, kind: 'alarm' as const, lon: a.lon, lat: a.lat })),
  ];
}

/** A track's fixes as a map line's `[lon, lat]` pairs. */
export function lineOf(points: readonly TrackPoint[]): [number, number][] {
  return points.map((p) => [p.lon, p.lat]);
}
