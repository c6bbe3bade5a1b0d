/**
 * The fleet map in OpenLayers. Browser only: reached through import() from <FleetMap>, so OpenLayers stays out of
 * the entry chunk and the SSR bundle.
 * - vehicles: a WebGL points layer (30,000 markers stay fluid), coloured by state; below zoom 8 a grid aggregation
 *   with counts replaces it;
 * - base: tiles over the world outline (components/map/lazy/base-layers.ts);
 * - work orders (lazy/order-layer.ts) above the vehicles when their layer is on; a click picks an order first;
 * - points of interest (the shared shape layer) under the vehicles when a POI filter is on; picked after vehicles;
 * - selection (ring + plate), follow (keeps the selected vehicle centred), measure (haversine, metres) and draw.
 */
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import type LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import type Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';

import { createBaseLayers } from '@/components/map/lazy/base-layers';
import { createShapeLayer, viewBox } from '@/components/map/lazy/shape-layer';
import { formatDistance, pathMetres } from '@/lib/geo';
import { FLEET_STATES, type FleetVehicle } from '@/features/vehicles';
import { aggregate, markerState, STATE_COLORS } from '../fleet-view';
import type { FleetMapHandle, FleetMapOptions, MapTool } from '../map-types';
import { createOrderLayer } from './order-layer';
import { pickNearest } from './pick';

/** At this zoom and below, vehicles are drawn as aggregated cells. */
export const AGGREGATE_MAX_ZOOM = 8;
const CELL_PX = 64;

const STATE_INDEX = new Map(FLEET_STATES.map((s, i) => [s, i]));

/** A cell's circle grows with its count. */
function cellRadius(count: number): number {
  return count === 1 ? 5 : Math.min(26, 10 + Math.log10(count) * 6);
}

function colorMatch(): unknown[] {
  const expr: unknown[] = ['match', ['get', 's']];
  FLEET_STATES.forEach((s, i) => expr.push(i, STATE_COLORS[s]));
  expr.push(STATE_COLORS.parked);
  return expr;
}

export function createFleetMap(target: HTMLElement, options: FleetMapOptions): FleetMapHandle {
  let selectedId: number | null = null;
  let follow = false;
  let fitted = false;
  let firstDraw = false;
  const byId = new Map<number, FleetVehicle>();

  const base = createBaseLayers(options.tiles);
  const { project, unproject } = base;

  // --- vehicles ---------------------------------------------------------------------------------------------------
  const pointSource = new VectorSource<Feature<Point>>();
  const points = new WebGLVectorLayer({
    source: pointSource,
    minZoom: AGGREGATE_MAX_ZOOM,
    // picking is done on the CPU (nearestVehicle): WebGL hit detection reads pixels back and stalls the GPU
    disableHitDetection: true,
    style: {
      'circle-radius': 6,
      'circle-fill-color': colorMatch() as never,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
    properties: { name: 'vehicles' },
  });
  const cellSource = new VectorSource<Feature<Point>>();
  const cellStyles = new Map<string, Style>();
  const cells = new VectorLayer({
    source: cellSource,
    maxZoom: AGGREGATE_MAX_ZOOM,
    style: (f) => {
      const count = f.get('count') as number;
      const alarm = (f.get('alarm') as number) > 0;
      const key = `${String(count)}:${String(alarm)}`;
      let style = cellStyles.get(key);
      if (!style) {
        style = new Style({
          image: new CircleStyle({
            radius: cellRadius(count),
            fill: new Fill({ color: 'rgba(77,112,255,0.85)' }),
            // a red ring when the cell holds a vehicle in alarm
            stroke: new Stroke({ color: alarm ? STATE_COLORS.alarm : '#ffffff', width: alarm ? 3 : 2 }),
          }),
          text: count > 1 ? new Text({ text: String(count), font: '600 11px system-ui, sans-serif', fill: new Fill({ color: '#ffffff' }) }) : undefined,
        });
        cellStyles.set(key, style);
      }
      return style;
    },
    properties: { name: 'cells' },
  });

  const orders = createOrderLayer(project, (pixel, source, radius) => pickNearest(map, source, pixel, radius));
  let ordersShown = false;
  const pois = createShapeLayer(project, 5);
  pois.layer.setVisible(false);

  const selectedSource = new VectorSource<Feature<Point>>();
  const selectedLayer = new VectorLayer({ source: selectedSource, zIndex: 20 });

  // --- sketches (measure, draw) -----------------------------------------------------------------------------------
  const sketchSource = new VectorSource();
  const sketch = new VectorLayer({
    source: sketchSource,
    zIndex: 15,
    style: (f) =>
      new Style({
        stroke: new Stroke({ color: '#f97316', width: 2.5, lineDash: f.get('kind') === 'measure' ? [6, 4] : undefined }),
        fill: new Fill({ color: 'rgba(249,115,22,0.15)' }),
        text: f.get('label')
          ? new Text({
              text: f.get('label') as string,
              font: '600 12px system-ui, sans-serif',
              placement: 'point',
              fill: new Fill({ color: '#0f172a' }),
              stroke: new Stroke({ color: '#ffffff', width: 4 }),
            })
          : undefined,
      }),
  });

  const view = new View({ center: fromLonLat(options.center), zoom: options.zoom, maxZoom: 18 });
  const map = new OlMap({
    target,
    layers: [...base.layers, pois.layer, cells, points, orders.layer, sketch, selectedLayer],
    controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true, collapsed: true } }),
    view,
  });

  function refreshCells() {
    const zoom = view.getZoom() ?? 0;
    const resolution = view.getResolution();
    if (zoom > AGGREGATE_MAX_ZOOM || resolution === undefined) {
      if (cellSource.getFeatures().length > 0) cellSource.clear(true);
      return;
    }
    const size = CELL_PX * resolution;
    const list = aggregate(
      (function* () {
        for (const f of pointSource.getFeatures()) {
          const [x = 0, y = 0] = f.getGeometry()?.getCoordinates() ?? [];
          yield { x, y, alarm: f.get('s') === STATE_INDEX.get('alarm') };
        }
      })(),
      size,
    );
    cellSource.clear(true);
    cellSource.addFeatures(
      list.map((c) => {
        const f = new Feature({ geometry: new Point([c.x, c.y]) });
        f.setProperties({ count: c.count, alarm: c.alarm });
        return f;
      }),
    );
  }
  let lastCellZoom = -1;
  map.on('moveend', () => {
    lastCellZoom = view.getZoom() ?? 0;
    refreshCells();
    const box = viewBox(map, unproject);
    if (box) options.onView(box);
  });

  function drawSelected() {
    selectedSource.clear(true);
    const v = selectedId === null ? undefined : byId.get(selectedId);
    if (!v?.gps) return;
    const f = new Feature({ geometry: new Point(project(v.gps.lon, v.gps.lat)) });
    f.setStyle(
      new Style({
        image: new CircleStyle({ radius: 11, fill: new Fill({ color: STATE_COLORS[markerState(v)] }), stroke: new Stroke({ color: '#0f172a', width: 3 }) }),
        text: new Text({
          text: v.plate,
          offsetY: -24,
          font: '600 12px system-ui, sans-serif',
          fill: new Fill({ color: '#0f172a' }),
          stroke: new Stroke({ color: '#ffffff', width: 4 }),
        }),
      }),
    );
    selectedSource.addFeature(f);
    if (follow) view.setCenter(f.getGeometry()?.getCoordinates());
  }

  /** The vehicle marker under a pixel (within the marker's radius). */
  function nearestVehicle(pixel: number[]): Feature<Point> | null {
    if ((view.getZoom() ?? 0) <= AGGREGATE_MAX_ZOOM) return null;
    return pickNearest(map, pointSource, pixel, () => 9);
  }

  /** The aggregated cell under a pixel (its circle, and 4 px around it). */
  function cellAt(pixel: number[]): Feature<Point> | null {
    if ((view.getZoom() ?? 0) > AGGREGATE_MAX_ZOOM) return null;
    return pickNearest(map, cellSource, pixel, (f) => cellRadius(f.get('count') as number) + 4);
  }

  map.on('singleclick', (event) => {
    if (tool !== 'none') return;
    const order = orders.orderAt(event.pixel);
    if (order !== null) {
      options.onSelectOrder(order);
      return;
    }
    const vehicle = nearestVehicle(event.pixel);
    if (vehicle) {
      options.onSelect(vehicle.get('carId') as number);
      return;
    }
    const poi = pois.shapeAt(map, event.pixel);
    if (poi !== null) {
      options.onSelectPoi(poi);
      return;
    }
    const cell = cellAt(event.pixel);
    if (!cell) return;
    const count = cell.get('count') as number;
    const zoom = count > 1 ? (view.getZoom() ?? 0) + 2 : AGGREGATE_MAX_ZOOM + 1;
    view.animate({ center: cell.getGeometry()?.getCoordinates(), zoom, duration: 300 });
  });
  map.on('pointermove', (event) => {
    if (event.dragging || tool !== 'none') return;
    const hit = orders.orderAt(event.pixel) !== null || nearestVehicle(event.pixel) !== null || pois.shapeAt(map, event.pixel) !== null || cellAt(event.pixel) !== null;
    target.style.cursor = hit ? 'pointer' : '';
  });
  // the benchmark (tests/browser/bench-map.mjs) reads this mark: the first frame with vehicles on it
  map.on('postrender', () => {
    if (!firstDraw && pointSource.getFeatures().length > 0) {
      firstDraw = true;
      performance.mark('fleet-map:first-draw');
    }
  });
  let tool: MapTool = 'none';
  let draw: Draw | null = null;
  function setTool(next: MapTool) {
    tool = next;
    if (draw) map.removeInteraction(draw);
    draw = null;
    if (next === 'none') return;
    const kind = next;
    draw = new Draw({ source: sketchSource, type: kind === 'measure' ? 'LineString' : 'Polygon' });
    draw.on('drawend', (e) => {
      e.feature.set('kind', kind);
      if (kind === 'measure') {
        const line = e.feature.getGeometry() as LineString;
        const metres = pathMetres(line.getCoordinates().map(unproject));
        e.feature.set('label', formatDistance(metres));
        options.onMeasure(metres);
      } else {
        const polygon = e.feature.getGeometry() as Polygon;
        const ring = polygon.getCoordinates()[0] ?? [];
        e.feature.set('label', formatDistance(pathMetres(ring.map(unproject))));
      }
    });
    map.addInteraction(draw);
  }

  const resize = new ResizeObserver(() => {
    map.updateSize();
  });
  resize.observe(target);

  /** Moves the view to the orders when none of them is in it. */
  function revealOrders() {
    const extent = orders.extent();
    const size = map.getSize();
    if (!extent || !size) return;
    if (!orders.anyWithin(view.calculateExtent(size))) view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 14 });
  }

  function place(list: readonly FleetVehicle[]) {
    const seen = new Set<number>();
    const added: Feature<Point>[] = [];
    for (const v of list) {
      if (!v.gps) continue;
      seen.add(v.carId);
      const prev = byId.get(v.carId);
      byId.set(v.carId, v);
      const existing = pointSource.getFeatureById(v.carId);
      const s = STATE_INDEX.get(markerState(v)) ?? 4;
      if (existing) {
        if (prev !== v) {
          existing.getGeometry()?.setCoordinates(project(v.gps.lon, v.gps.lat));
          if (existing.get('s') !== s) existing.set('s', s);
        }
      } else {
        const f = new Feature({ geometry: new Point(project(v.gps.lon, v.gps.lat)) });
        f.setId(v.carId);
        f.setProperties({ carId: v.carId, s }, true);
        added.push(f);
      }
    }
    for (const f of pointSource.getFeatures()) {
      const id = f.getId() as number;
      if (!seen.has(id)) {
        pointSource.removeFeature(f);
        byId.delete(id);
      }
    }
    if (added.length > 0) pointSource.addFeatures(added);
  }

  return {
    setVehicles(list) {
      place(list);
      if (!fitted && pointSource.getFeatures().length > 0) {
        fitted = true;
        const extent = createEmpty();
        for (const f of pointSource.getFeatures()) {
          const g = f.getGeometry();
          if (g) extend(extent, g.getExtent());
        }
        if (!isEmpty(extent)) view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 12 });
        // orders shown before the fleet came (the layer remembered on) stay in view
        if (ordersShown) revealOrders();
      }
      if (lastCellZoom <= AGGREGATE_MAX_ZOOM) refreshCells();
      drawSelected();
    },
    select(id) {
      selectedId = id;
      drawSelected();
      const v = id === null ? undefined : byId.get(id);
      if (v?.gps) view.animate({ center: project(v.gps.lon, v.gps.lat), zoom: Math.max(view.getZoom() ?? 0, AGGREGATE_MAX_ZOOM + 3), duration: 400 });
    },
    setOrders(list) {
      const was = ordersShown;
      ordersShown = list !== null && list.length > 0;
      orders.set(list ?? []);
      orders.layer.setVisible(list !== null);
      if (ordersShown && !was) revealOrders();
    },
    selectOrder(id) {
      orders.select(id);
      // the picked order moves to a third of the way down, clear of its card (bottom right; a phone's whole bottom)
      const at = id === null ? undefined : orders.coordinateOf(id);
      const size = map.getSize();
      const resolution = view.getResolution();
      if (at && size && resolution !== undefined) view.animate({ center: [at[0] ?? 0, (at[1] ?? 0) - (size[1] ?? 0) * 0.15 * resolution], duration: 300 });
    },
    setPois(shapes) {
      pois.set(shapes ?? []);
      pois.layer.setVisible(shapes !== null);
    },
    selectPoi(id) {
      pois.select(id);
    },
    setFollow(next) {
      follow = next;
      drawSelected();
    },
    setTool,
    clearSketches() {
      sketchSource.clear();
    },
    setTiles(next) {
      if (next === base.tiles()) return;
      base.setTiles(next);
      const list = [...byId.values()];
      pointSource.clear(true);
      byId.clear();
      place(list);
      orders.reproject();
      pois.reproject();
      refreshCells();
      drawSelected();
    },
    dispose() {
      resize.disconnect();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
