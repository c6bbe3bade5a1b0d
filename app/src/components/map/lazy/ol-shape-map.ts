/**
 * An OpenLayers map of shapes that a person can also draw on (browser only, loaded with import() from <ShapeMap>):
 * on the console's base layers (the live map's tile choice over the world outline, base-layers.ts), the shapes' layer (shape-layer.ts), a draft layer holding the shape being edited (its points, circle, polygon or
 * line can be dragged: Modify), and a Draw interaction for the mode asked for. Every finished drawing or change is
 * reported in WGS-84 lon/lat whatever the tiles' datum (a circle's radius in metres on the ground); the viewport is
 * reported after every move.
 */
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import Circle from 'ol/geom/Circle';
import type Geometry from 'ol/geom/Geometry';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';

import { distanceMetres, round6, type LonLat } from '@/lib/geo';
import type { DrawMode, DrawnShape, LonLatBox, MapShape } from '../shapes';
import type { TileChoice } from '../types';
import { createBaseLayers } from './base-layers';
import { createShapeLayer, lineOf, polygonOf, viewBox, type Project } from './shape-layer';

const DRAFT_COLOR = '#f97316';

export interface ShapeMapOptions {
  center: [lon: number, lat: number];
  zoom: number;
  tiles: TileChoice;
  onSelect: (id: string | null) => void;
  onDrawn: (shape: DrawnShape) => void;
  onView: (box: LonLatBox) => void;
}

export interface ShapeMapHandle {
  setShapes(shapes: readonly MapShape[]): void;
  select(id: string | null): void;
  /** Brings the shapes and the draft (or one shape) into view. */
  fit(id?: string): void;
  setDraw(mode: DrawMode): void;
  /** The shape being edited, or null. */
  setDraft(shape: DrawnShape | null): void;
  /** Switches the base tiles; the shapes and the draft move with the datum. */
  setTiles(tiles: TileChoice): void;
  dispose(): void;
}

type Unproject = (c: number[]) => LonLat;

/** A drawn geometry in lon/lat; a Mercator circle's radius measured on the ground from its centre to its edge. */
function toDrawn(geometry: Geometry | undefined, unproject: Unproject): DrawnShape | null {
  if (geometry instanceof Point) {
    const [lon, lat] = unproject(geometry.getCoordinates());
    return { kind: 'point', lon, lat };
  }
  if (geometry instanceof Circle) {
    const c = geometry.getCenter();
    const centre = unproject(c);
    const edge = unproject([(c[0] ?? 0) + geometry.getRadius(), c[1] ?? 0]);
    return { kind: 'circle', lon: centre[0], lat: centre[1], radiusM: Math.max(1, Math.round(distanceMetres(centre, edge))) };
  }
  if (geometry instanceof Polygon) {
    const ring = (geometry.getCoordinates()[0] ?? []).map(unproject);
    // OpenLayers closes the ring; the wire's ring is open
    return { kind: 'polygon', ring: ring.slice(0, -1) };
  }
  if (geometry instanceof LineString) return { kind: 'line', path: geometry.getCoordinates().map(unproject) };
  return null;
}

function draftGeometry(shape: DrawnShape, project: Project): Geometry {
  switch (shape.kind) {
    case 'point':
      return new Point(project(shape.lon, shape.lat));
    case 'circle':
      // a Mercator radius: ground metres grow by 1 / cos(latitude)
      return new Circle(project(shape.lon, shape.lat), shape.radiusM / Math.cos((shape.lat * Math.PI) / 180));
    case 'polygon':
      return polygonOf(shape.ring, project);
    case 'line':
      return lineOf(shape.path, project);
  }
}

const DRAW_TYPES = { point: 'Point', circle: 'Circle', polygon: 'Polygon', line: 'LineString' } as const;

export function createShapeMap(target: HTMLElement, options: ShapeMapOptions): ShapeMapHandle {
  const base = createBaseLayers(options.tiles);
  const { project } = base;
  // drawn shapes are saved: six decimals (about 0.1 m) are all a position needs
  const unproject: Unproject = (c) => {
    const [lon, lat] = base.unproject(c);
    return [round6(lon), round6(lat)];
  };
  const shapes = createShapeLayer(project);
  const draftSource = new VectorSource();
  const draftStyle = new Style({
    image: new CircleStyle({ radius: 8, fill: new Fill({ color: DRAFT_COLOR }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
    fill: new Fill({ color: 'rgba(249,115,22,0.18)' }),
    stroke: new Stroke({ color: DRAFT_COLOR, width: 3 }),
  });
  const draft = new VectorLayer({ source: draftSource, zIndex: 20, style: draftStyle, properties: { name: 'draft' } });
  const view = new View({ center: fromLonLat(options.center), zoom: options.zoom, maxZoom: 19 });
  const map = new OlMap({
    target,
    layers: [...base.layers, shapes.layer, draft],
    controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true, collapsed: true } }),
    view,
  });

  const modify = new Modify({ source: draftSource });
  modify.on('modifyend', (e) => {
    const drawn = toDrawn(e.features.item(0).getGeometry(), unproject);
    if (drawn) options.onDrawn(drawn);
  });
  map.addInteraction(modify);

  let draftShape: DrawnShape | null = null;
  function setDraft(shape: DrawnShape | null) {
    draftShape = shape;
    draftSource.clear(true);
    if (shape) draftSource.addFeature(new Feature(draftGeometry(shape, project)));
  }

  let mode: DrawMode = 'none';
  let draw: Draw | null = null;
  function setDraw(next: DrawMode) {
    if (next === mode) return;
    mode = next;
    if (draw) map.removeInteraction(draw);
    draw = null;
    if (next === 'none') return;
    draw = new Draw({ type: DRAW_TYPES[next], style: draftStyle });
    draw.on('drawend', (e) => {
      const drawn = toDrawn(e.feature.getGeometry(), unproject);
      if (drawn) options.onDrawn(drawn);
    });
    map.addInteraction(draw);
  }

  map.on('singleclick', (event) => {
    if (mode !== 'none') return;
    options.onSelect(shapes.shapeAt(map, event.pixel));
  });
  map.on('pointermove', (event) => {
    if (event.dragging || mode !== 'none') return;
    target.style.cursor = shapes.shapeAt(map, event.pixel) !== null ? 'pointer' : '';
  });
  map.on('moveend', () => {
    const box = viewBox(map, unproject);
    if (box) options.onView(box);
  });

  const resize = new ResizeObserver(() => {
    map.updateSize();
  });
  resize.observe(target);

  return {
    setShapes(list) {
      shapes.set(list);
    },
    select(id) {
      shapes.select(id);
    },
    fit(id) {
      const extent = shapes.extent(id) ?? createEmpty();
      const draftExtent = draftSource.getExtent();
      if (id === undefined && draftExtent && !isEmpty(draftExtent)) extend(extent, draftExtent);
      if (!isEmpty(extent)) view.fit(extent, { padding: [40, 40, 40, 40], maxZoom: 15, duration: 300 });
    },
    setDraw,
    setDraft,
    setTiles(next) {
      if (next === base.tiles()) return;
      base.setTiles(next);
      shapes.reproject();
      setDraft(draftShape);
    },
    dispose() {
      resize.disconnect();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
