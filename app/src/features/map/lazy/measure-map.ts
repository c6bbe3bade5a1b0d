/**
 * The measure tool's OpenLayers map (mapComponents/measureTool): the console's base layers (base-layers.ts) and
 * sketches drawn with a Draw interaction, a line for a distance or a polygon for an area. Lengths are geodesic
 * (ol/sphere getDistance on WGS-84, so AMap's datum does not skew them) and areas spherical (ol/sphere getArea); each
 * segment is labelled at its middle and each sketch with its total (and area). Browser only: loaded with import().
 */
import type Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { getArea, getDistance } from 'ol/sphere';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { FeatureLike } from 'ol/Feature';

import { createBaseLayers } from '@/components/map/lazy/base-layers';
import type { TileChoice } from '@/components/map/types';
import { formatArea, formatLength, type MeasureUnit } from '../measure-format';

export type MeasureKind = 'distance' | 'area';

export interface Measurement {
  kind: MeasureKind;
  /** Each segment's length, metres (an area's closing edge included). */
  segments: number[];
  /** Their sum, metres. */
  total: number;
  /** Square metres (areas only). */
  area: number | null;
}

export interface MeasureMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  tiles: TileChoice;
  unit: MeasureUnit;
  /** The finished sketches and the one being drawn (null when none). */
  onChange: (done: Measurement[], drawing: Measurement | null) => void;
}

export interface MeasureMapHandle {
  setKind(kind: MeasureKind | null): void;
  setUnit(unit: MeasureUnit): void;
  setTiles(tiles: TileChoice): void;
  /** The last point of the sketch being drawn, else the last finished sketch. */
  undo(): void;
  clear(): void;
  dispose(): void;
}

const ORANGE = '#ea580c';
const label = (text: string, bold: boolean) =>
  new Text({
    text,
    font: `${bold ? '700 13px' : '500 11px'} system-ui, sans-serif`,
    fill: new Fill({ color: '#0f172a' }),
    stroke: new Stroke({ color: '#ffffff', width: 4 }),
    offsetY: bold ? -14 : -10,
    overflow: true,
  });

export function createMeasureMap(target: HTMLElement, options: MeasureMapOptions): MeasureMapHandle {
  const base = createBaseLayers(options.tiles);
  let unit = options.unit;
  const source = new VectorSource<Feature>();
  let sketch: Feature | null = null;
  /** The finished sketches in the order drawn (undo takes the last). */
  let finished: Feature[] = [];
  source.on('addfeature', (e) => {
    if (e.feature) finished.push(e.feature);
  });

  /** The WGS-84 vertices of a sketch (a polygon's ring closed). */
  function vertices(geometry: Geometry | undefined): number[][] {
    if (geometry instanceof LineString) return geometry.getCoordinates();
    if (geometry instanceof Polygon) return geometry.getCoordinates()[0] ?? [];
    return [];
  }

  function measure(feature: Feature): Measurement | null {
    const geometry = feature.getGeometry();
    if (!geometry) return null;
    const points = vertices(geometry).map((c) => base.unproject(c));
    const segments: number[] = [];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1];
      const b = points[i];
      if (a && b) segments.push(getDistance([...a], [...b]));
    }
    const area = geometry instanceof Polygon ? getArea(geometry, { projection: 'EPSG:3857' }) : null;
    return { kind: geometry instanceof Polygon ? 'area' : 'distance', segments, total: segments.reduce((s, m) => s + m, 0), area };
  }

  function style(feature: FeatureLike): Style[] {
    const geometry = feature.getGeometry();
    if (geometry instanceof Point) return [new Style({ image: new CircleStyle({ radius: 5, fill: new Fill({ color: ORANGE }), stroke: new Stroke({ color: '#fff', width: 2 }) }) })];
    if (!(geometry instanceof LineString || geometry instanceof Polygon)) return [];
    const m = measure(feature as Feature);
    const styles = [
      new Style({
        stroke: new Stroke({ color: ORANGE, width: 3, lineDash: feature === sketch ? [8, 6] : undefined }),
        fill: new Fill({ color: 'rgba(234, 88, 12, 0.12)' }),
      }),
    ];
    if (!m) return styles;
    const coords = vertices(geometry);
    m.segments.forEach((metres, i) => {
      const a = coords[i];
      const b = coords[i + 1];
      if (!a || !b || metres <= 0 || m.segments.length < 2) return;
      const mid = [((a[0] ?? 0) + (b[0] ?? 0)) / 2, ((a[1] ?? 0) + (b[1] ?? 0)) / 2];
      styles.push(new Style({ geometry: new Point(mid), text: label(formatLength(metres, unit), false) }));
    });
    const end = geometry instanceof Polygon ? geometry.getInteriorPoint().getCoordinates().slice(0, 2) : coords[coords.length - 1];
    if (end) {
      const text = m.area !== null ? `${formatArea(m.area, unit)}\n${formatLength(m.total, unit)}` : formatLength(m.total, unit);
      styles.push(new Style({ geometry: new Point(end), text: label(text, true), image: new CircleStyle({ radius: 4, fill: new Fill({ color: ORANGE }) }) }));
    }
    return styles;
  }

  const layer = new VectorLayer({ source, style });
  const map = new OlMap({
    target,
    layers: [...base.layers, layer],
    controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true, collapsed: true } }),
    view: new View({ center: fromLonLat(options.center), zoom: options.zoom, maxZoom: 19 }),
  });

  function report() {
    const done = finished.map(measure).filter((m): m is Measurement => m !== null);
    options.onChange(done, sketch ? measure(sketch) : null);
  }

  let draw: Draw | null = null;
  function setKind(kind: MeasureKind | null) {
    if (draw) map.removeInteraction(draw);
    draw = null;
    sketch = null;
    if (kind === null) {
      report();
      return;
    }
    draw = new Draw({ source, type: kind === 'distance' ? 'LineString' : 'Polygon', style });
    draw.on('drawstart', (e) => {
      sketch = e.feature;
      e.feature.getGeometry()?.on('change', report);
    });
    draw.on('drawend', () => {
      sketch = null;
      // the feature joins the source right after this event
      setTimeout(report, 0);
    });
    draw.on('drawabort', () => {
      sketch = null;
      report();
    });
    map.addInteraction(draw);
  }

  const resize = new ResizeObserver(() => {
    map.updateSize();
  });
  resize.observe(target);

  return {
    setKind,
    setUnit(next) {
      unit = next;
      layer.changed();
    },
    setTiles(next) {
      if (next === base.tiles()) return;
      // sketches are kept in map coordinates: move them with the datum
      const lonLats = finished.map((f) => vertices(f.getGeometry()).map((c) => base.unproject(c)));
      base.setTiles(next);
      finished.forEach((f, i) => {
        const ring = (lonLats[i] ?? []).map(([lon, lat]) => base.project(lon, lat));
        const g = f.getGeometry();
        if (g instanceof LineString) g.setCoordinates(ring);
        else if (g instanceof Polygon) g.setCoordinates([ring]);
      });
    },
    undo() {
      if (sketch && draw) {
        draw.removeLastPoint();
        report();
        return;
      }
      const last = finished.pop();
      if (last) source.removeFeature(last);
      report();
    },
    clear() {
      draw?.abortDrawing();
      sketch = null;
      finished = [];
      source.clear();
      report();
    },
    dispose() {
      resize.disconnect();
      map.setTarget(undefined);
    },
  };
}
