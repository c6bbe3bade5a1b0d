/**
 * Coordinates for the map (console-spec §9): WGS-84 ↔ GCJ-02 (the datum Chinese tile providers such as AMap draw
 * in), great-circle distance with the earth radius 6378.137 km in metres, lon/lat rounded to 6 decimals. Pure.
 */

export type LonLat = readonly [lon: number, lat: number];

/** Krasovsky 1940 semi-major axis and eccentricity squared, as used by the GCJ-02 offset. */
const A = 6378245.0;
const EE = 0.006693421622965943;

/** GCJ-02 applies only inside China (the usual bounding box); elsewhere positions pass unchanged. */
export function outOfChina(lon: number, lat: number): boolean {
  return lon < 72.004 || lon > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function offsetLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function offsetLon(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

function delta(lon: number, lat: number): [number, number] {
  const dLat = offsetLat(lon - 105, lat - 35);
  const dLon = offsetLon(lon - 105, lat - 35);
  const radLat = (lat / 180) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  return [(dLon * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI), (dLat * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI)];
}

export function wgs84ToGcj02([lon, lat]: LonLat): [number, number] {
  if (outOfChina(lon, lat)) return [lon, lat];
  const [dLon, dLat] = delta(lon, lat);
  return [lon + dLon, lat + dLat];
}

/** The inverse, by fixed-point iteration (better than 1e-7° after a few rounds). */
export function gcj02ToWgs84([lon, lat]: LonLat): [number, number] {
  if (outOfChina(lon, lat)) return [lon, lat];
  let wLon = lon;
  let wLat = lat;
  for (let i = 0; i < 10; i++) {
    const [gLon, gLat] = wgs84ToGcj02([wLon, wLat]);
    const eLon = gLon - lon;
    const eLat = gLat - lat;
    wLon -= eLon;
    wLat -= eLat;
    if (Math.abs(eLon) < 1e-9 && Math.abs(eLat) < 1e-9) break;
  }
  return [wLon, wLat];
}

/** Earth radius of console-spec §9, in metres. */
export const EARTH_RADIUS_M = 6378137;

const rad = (d: number) => (d * Math.PI) / 180;

/** Haversine distance between two lon/lat points, in metres. */
export function distanceMetres(a: LonLat, b: LonLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path of lon/lat points, in metres. */
export function pathMetres(points: readonly LonLat[]): number {
  let total = 0;
  let prev: LonLat | undefined;
  for (const p of points) {
    if (prev) total += distanceMetres(prev, p);
    prev = p;
  }
  return total;
}

/** Lon/lat to 6 decimals (console-spec §9). */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function formatLonLat([lon, lat]: LonLat): string {
  return `${round6(lon).toFixed(6)}, ${round6(lat).toFixed(6)}`;
}

/** "850 m", "12.35 km". */
export function formatDistance(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toFixed(2)} km` : `${metres.toFixed(0)} m`;
}
