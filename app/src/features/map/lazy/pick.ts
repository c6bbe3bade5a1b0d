/**
 * Picking a marker on the CPU: the nearest feature of a source (its spatial index) if it lies within `radius` pixels.
 * Pixel hit detection would read the canvas back on every pointer move (WebGL stalls the GPU; a 2D canvas makes the
 * browser warn about repeated readbacks).
 */
import type Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type Point from 'ol/geom/Point';
import type VectorSource from 'ol/source/Vector';

export function pickNearest(map: OlMap, source: VectorSource<Feature<Point>>, pixel: number[], radius: (f: Feature<Point>) => number): Feature<Point> | null {
  const f = source.getClosestFeatureToCoordinate(map.getCoordinateFromPixel(pixel));
  const at = f?.getGeometry()?.getCoordinates();
  if (!f || !at) return null;
  const p = map.getPixelFromCoordinate(at);
  return Math.hypot((p[0] ?? 0) - (pixel[0] ?? 0), (p[1] ?? 0) - (pixel[1] ?? 0)) <= radius(f) ? f : null;
}
