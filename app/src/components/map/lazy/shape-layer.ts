/**
 * Shapes (../shapes.ts) as an OpenLayers vector layer (browser only, part of the lazy map modules): points as a
 * symbol in their colour, circles as geodesic polygons (their radius is metres on the ground), polygons, and lines
 * with their corridor as a wide translucent band sized in metres at every zoom. The selected shape is drawn thicker,
 * with its label; a shape's badge (a count) is drawn on it the rest of the time. Picking is done on the geometry (no
 * canvas read-back): points within a few pixels first, then lines, then the smallest area containing the pixel.
 */
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { createEmpty, extend, getIntersection, isEmpty, type Extent } from 'ol/extent';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon, { circular } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { EXTENT as WORLD } from 'ol/proj/epsg3857';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import RegularShape from 'ol/style/RegularShape';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { StyleFunction } from 'ol/style/Style';

import type { LonLat } from '@/lib/geo';
import type { LonLatBox, MapShape, ShapeSymbol } from '../shapes';

/** lon/lat → map coordinates (the base layer's datum). */
export type Project = (lon: number, lat: number) => number[];

export interface ShapeLayer {
  layer: VectorLayer<VectorSource>;
  set(shapes: readonly MapShape[]): void;
  select(id: string | null): void;
  /** Places the shapes again (the base layer's projection changed). */
  reproject(): void;
  /** The shape under a pixel, if any. */
  shapeAt(map: OlMap, pixel: number[]): string | null;
  /** The extent of the shapes (or of one), null when there are none. */
  extent(id?: string): Extent | null;
}

const POINT_RADIUS = 8;
const PICK_PX = 6;

export function symbolImage(symbol: ShapeSymbol, color: string, selected: boolean) {
  const radius = selected ? POINT_RADIUS + 3 : POINT_RADIUS;
  const fill = new Fill({ color });
  const stroke = new Stroke({ color: selected ? '#0f172a' : '#ffffff', width: selected ? 3 : 2 });
  switch (symbol) {
    case 'square':
      return new RegularShape({ points: 4, radius, angle: Math.PI / 4, fill, stroke });
    case 'triangle':
      return new RegularShape({ points: 3, radius: radius + 1, fill, stroke });
    case 'diamond':
      return new RegularShape({ points: 4, radius: radius + 1, fill, stroke });
    case 'star':
      return new RegularShape({ points: 5, radius: radius + 2, radius2: radius / 2, fill, stroke });
    case 'circle':
      return new CircleStyle({ radius, fill, stroke });
  }
}

/** `#rrggbb` with an alpha. */
function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${String((n >> 16) & 255)},${String((n >> 8) & 255)},${String(n & 255)},${String(alpha)})`;
}

function labelText(text: string, offsetY: number): Text {
  return new Text({
    text,
    offsetY,
    font: '600 12px system-ui, sans-serif',
    overflow: true,
    fill: new Fill({ color: '#0f172a' }),
    stroke: new Stroke({ color: '#ffffff', width: 4 }),
  });
}

/** A polygon of an open lon/lat ring (OpenLayers closes it). */
export function polygonOf(ring: readonly LonLat[], project: Project): Polygon {
  const coordinates = ring.map(([lon, lat]) => project(lon, lat));
  const first = coordinates[0];
  return new Polygon([first ? [...coordinates, first] : coordinates]);
}

export function lineOf(path: readonly LonLat[], project: Project): LineString {
  return new LineString(path.map(([lon, lat]) => project(lon, lat)));
}

/**
 * The map's viewport in lon/lat, `unproject` taking map coordinates back to them. Cut to the one world: zoomed far
 * out the view repeats the world sideways, and its corners would wrap to the same longitude.
 */
export function viewBox(map: OlMap, unproject: (c: number[]) => LonLat): LonLatBox | null {
  const size = map.getSize();
  if (!size) return null;
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] = getIntersection(map.getView().calculateExtent(size), WORLD);
  const [minLon, minLat] = unproject([minX, minY]);
  const [maxLon, maxLat] = unproject([maxX, maxY]);
  return [minLon, minLat, maxLon, maxLat];
}

function geometryOf(shape: MapShape, project: Project): Geometry {
  switch (shape.kind) {
    case 'point':
      return new Point(project(shape.lon, shape.lat));
    case 'circle': {
      const ring = circular([shape.lon, shape.lat], shape.radiusM, 64).getCoordinates()[0] ?? [];
      return new Polygon([ring.map(([lon = 0, lat = 0]) => project(lon, lat))]);
    }
    case 'polygon':
      return polygonOf(shape.ring, project);
    case 'line':
      return lineOf(shape.path, project);
  }
}

export function createShapeLayer(project: Project, zIndex = 10): ShapeLayer {
  const source = new VectorSource();
  let shapes: readonly MapShape[] = [];
  const byId = new Map<string, MapShape>();
  let selectedId: string | null = null;

  const style: StyleFunction = (feature, resolution) => {
    const shape = byId.get(String(feature.getId()));
    if (!shape) return undefined;
    const selected = shape.id === selectedId;
    const text = selected ? shape.label : shape.badge;
    const label = text ? labelText(text, shape.kind === 'point' ? -20 : 0) : undefined;
    if (shape.kind === 'point') return new Style({ image: symbolImage(shape.symbol, shape.color, selected), text: label, zIndex: selected ? 3 : 2 });
    if (shape.kind === 'line') {
      const styles = [new Style({ stroke: new Stroke({ color: shape.color, width: selected ? 5 : 3 }), text: label, zIndex: selected ? 1 : 0 })];
      const first = shape.path[0];
      if (shape.corridorM && first) {
        // map units are metres at the equator only: a Mercator metre shrinks with cos(latitude)
        const metresPerPixel = resolution * Math.cos((first[1] * Math.PI) / 180);
        const width = (2 * shape.corridorM) / metresPerPixel;
        if (width > 4) styles.unshift(new Style({ stroke: new Stroke({ color: withAlpha(shape.color, 0.18), width, lineCap: 'round', lineJoin: 'round' }) }));
      }
      return styles;
    }
    return new Style({
      fill: new Fill({ color: withAlpha(shape.color, selected ? 0.3 : 0.15) }),
      stroke: new Stroke({ color: shape.color, width: selected ? 3 : 1.5 }),
      text: label,
      zIndex: selected ? 1 : 0,
    });
  };

  const layer = new VectorLayer({ source, zIndex, style, properties: { name: 'shapes' } });

  function place() {
    source.clear(true);
    source.addFeatures(
      shapes.map((s) => {
        const f = new Feature(geometryOf(s, project));
        f.setId(s.id);
        return f;
      }),
    );
  }

  return {
    layer,
    set(list) {
      shapes = list;
      byId.clear();
      for (const s of list) byId.set(s.id, s);
      if (selectedId !== null && !byId.has(selectedId)) selectedId = null;
      place();
    },
    select(id) {
      selectedId = id;
      layer.changed();
    },
    reproject: place,
    shapeAt(map, pixel) {
      if (!layer.getVisible()) return null;
      const at = map.getCoordinateFromPixel(pixel);
      const resolution = map.getView().getResolution() ?? 1;
      let point: { id: string; d: number } | null = null;
      let line: { id: string; d: number } | null = null;
      let area: { id: string; size: number } | null = null;
      for (const f of source.getFeatures()) {
        const g = f.getGeometry();
        const id = String(f.getId());
        if (g instanceof Point) {
          const p = g.getCoordinates();
          const d = Math.hypot((p[0] ?? 0) - (at[0] ?? 0), (p[1] ?? 0) - (at[1] ?? 0)) / resolution;
          if (d <= POINT_RADIUS + PICK_PX && (!point || d < point.d)) point = { id, d };
        } else if (g instanceof LineString) {
          const p = g.getClosestPoint(at);
          const d = Math.hypot((p[0] ?? 0) - (at[0] ?? 0), (p[1] ?? 0) - (at[1] ?? 0)) / resolution;
          if (d <= PICK_PX && (!line || d < line.d)) line = { id, d };
        } else if (g instanceof Polygon && g.intersectsCoordinate(at)) {
          const size = g.getArea();
          if (!area || size < area.size) area = { id, size };
        }
      }
      return point?.id ?? line?.id ?? area?.id ?? null;
    },
    extent(id) {
      const extent = createEmpty();
      for (const f of id === undefined ? source.getFeatures() : [source.getFeatureById(id)]) {
        const g = f?.getGeometry();
        if (g) extend(extent, g.getExtent());
      }
      return isEmpty(extent) ? null : extent;
    },
  };
}
