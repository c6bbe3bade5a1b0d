/**
 * The track map in OpenLayers. Browser only: reached through import() from <TrackMap>, so OpenLayers stays out of the
 * entry chunk and the SSR bundle. On the console's base layers (tiles over the world outline):
 * - lines: one per day (or one for a day's playback), each in its colour; a click on a line names it (range view);
 * - highlights: speeding stretches, red over the line;
 * - markers: start, end, stops and alarm points;
 * - the vehicle: an arrow turned to its heading, moved by playback.
 * Positions follow the tiles' datum (AMap: GCJ-02). The zoom is reported after each move, for the line's tolerance.
 */
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import { buffer, containsCoordinate, createEmpty, extend, getHeight, getWidth, isEmpty } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import RegularShape from 'ol/style/RegularShape';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';

import { createBaseLayers } from '@/components/map/lazy/base-layers';
import type { TileChoice } from '@/components/map/types';
import type { MarkerKind, TrackLine, TrackMapHandle, TrackMapOptions, TrackMarker } from '../track-map-types';

const MARKER_COLORS: Record<MarkerKind, string> = {
  start: '#16a34a',
  end: '#0f172a',
  stop: '#2563eb',
  alarm: '#dc2626',
};
const MARKER_LETTERS: Record<MarkerKind, string> = { start: 'S', end: 'E', stop: 'P', alarm: '!' };
const SPEEDING_COLOR = '#ef4444';

const markerStyles = new Map<MarkerKind, Style>();
function markerStyle(kind: MarkerKind): Style {
  let style = markerStyles.get(kind);
  if (!style) {
    style = new Style({
      image: new CircleStyle({ radius: 9, fill: new Fill({ color: MARKER_COLORS[kind] }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
      text: new Text({ text: MARKER_LETTERS[kind], font: '700 11px system-ui, sans-serif', fill: new Fill({ color: '#ffffff' }) }),
      zIndex: kind === 'alarm' ? 3 : 2,
    });
    markerStyles.set(kind, style);
  }
  return style;
}

export function createTrackMap(target: HTMLElement, options: TrackMapOptions): TrackMapHandle {
  const base = createBaseLayers(options.tiles);
  let lines: readonly TrackLine[] = [];
  let highlights: readonly (readonly (readonly number[])[])[] = [];
  let markers: readonly TrackMarker[] = [];
  let vehicle: { lon: number; lat: number; direction: number } | null = null;

  const lineSource = new VectorSource<Feature<LineString>>();
  const lineLayer = new VectorLayer({
    source: lineSource,
    style: (f) => [
      new Style({ stroke: new Stroke({ color: '#ffffff', width: 7 }) }),
      new Style({ stroke: new Stroke({ color: f.get('color') as string, width: 4 }) }),
    ],
    properties: { name: 'track-lines' },
  });
  const highlightSource = new VectorSource<Feature<LineString>>();
  const highlightLayer = new VectorLayer({
    source: highlightSource,
    style: new Style({ stroke: new Stroke({ color: SPEEDING_COLOR, width: 5 }) }),
    properties: { name: 'track-speeding' },
  });
  const markerSource = new VectorSource<Feature<Point>>();
  const markerLayer = new VectorLayer({
    source: markerSource,
    style: (f) => markerStyle(f.get('kind') as MarkerKind),
    properties: { name: 'track-markers' },
  });
  const vehicleSource = new VectorSource<Feature<Point>>();
  const vehicleLayer = new VectorLayer({ source: vehicleSource, zIndex: 10, properties: { name: 'track-vehicle' } });

  const view = new View({ center: fromLonLat(options.center), zoom: options.zoom, maxZoom: 18 });
  const map = new OlMap({
    target,
    layers: [...base.layers, lineLayer, highlightLayer, markerLayer, vehicleLayer],
    controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true, collapsed: true } }),
    view,
  });

  const line = (coords: readonly (readonly number[])[]) => new LineString(coords.map(([lon = 0, lat = 0]) => base.project(lon, lat)));

  function drawLines() {
    lineSource.clear(true);
    lineSource.addFeatures(
      lines
        .filter((l) => l.coords.length > 1)
        .map((l) => {
          const f = new Feature({ geometry: line(l.coords) });
          f.setId(l.id);
          f.set('color', l.color);
          return f;
        }),
    );
    highlightSource.clear(true);
    highlightSource.addFeatures(highlights.filter((h) => h.length > 1).map((h) => new Feature({ geometry: line(h) })));
  }

  function drawMarkers() {
    markerSource.clear(true);
    markerSource.addFeatures(
      markers.map((m) => {
        const f = new Feature({ geometry: new Point(base.project(m.lon, m.lat)) });
        f.setId(m.id);
        f.set('kind', m.kind);
        return f;
      }),
    );
  }

  function drawVehicle() {
    vehicleSource.clear(true);
    if (!vehicle) return;
    const f = new Feature({ geometry: new Point(base.project(vehicle.lon, vehicle.lat)) });
    f.setStyle(
      new Style({
        image: new RegularShape({
          points: 3,
          radius: 11,
          rotation: (vehicle.direction * Math.PI) / 180,
          fill: new Fill({ color: '#f97316' }),
          stroke: new Stroke({ color: '#ffffff', width: 2 }),
        }),
      }),
    );
    vehicleSource.addFeature(f);
  }

  map.on('singleclick', (event) => {
    map.forEachFeatureAtPixel(
      event.pixel,
      (feature) => {
        const id = feature.getId();
        if (id !== undefined) options.onSelectLine?.(String(id));
        return true;
      },
      { layerFilter: (layer) => layer === lineLayer, hitTolerance: 6 },
    );
  });
  map.on('pointermove', (event) => {
    if (event.dragging || !options.onSelectLine) return;
    target.style.cursor = map.hasFeatureAtPixel(event.pixel, { layerFilter: (layer) => layer === lineLayer, hitTolerance: 6 }) ? 'pointer' : '';
  });
  const resize = new ResizeObserver(() => {
    map.updateSize();
  });
  resize.observe(target);

  return {
    setLines(next, nextHighlights) {
      lines = next;
      highlights = nextHighlights;
      drawLines();
    },
    setMarkers(next) {
      markers = next;
      drawMarkers();
    },
    setVehicle(next, follow) {
      vehicle = next;
      drawVehicle();
      if (next && follow) {
        const at = base.project(next.lon, next.lat);
        const extent = view.calculateExtent(map.getSize());
        // keep the vehicle in view without moving the map on every frame: only when it reaches the edge of the view
        const inner = buffer(extent, -0.03 * Math.min(getWidth(extent), getHeight(extent)));
        if (!containsCoordinate(inner, at)) view.setCenter(at);
      }
    },
    fit() {
      const extent = createEmpty();
      for (const f of lineSource.getFeatures()) {
        const g = f.getGeometry();
        if (g) extend(extent, g.getExtent());
      }
      for (const f of markerSource.getFeatures()) {
        const g = f.getGeometry();
        if (g) extend(extent, g.getExtent());
      }
      if (!isEmpty(extent)) view.fit(extent, { padding: [48, 48, 48, 48], maxZoom: 16, duration: 0 });
    },
    setTiles(next: TileChoice) {
      if (next === base.tiles()) return;
      base.setTiles(next);
      drawLines();
      drawMarkers();
      drawVehicle();
    },
    dispose() {
      resize.disconnect();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
