/**
 * OpenLayers map of points on the console's base layers (the chosen tiles over the world outline, base-layers.ts).
 * Browser only: loaded with import() from <PointMap>, so OpenLayers ends up in its own chunk and never in the entry
 * chunk or the SSR bundle.
 */
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';

import type { MapPoint, PointMapHandle, PointMapOptions } from '../types';
import { createBaseLayers } from './base-layers';

function pointStyle(point: MapPoint, selected: boolean): Style {
  return new Style({
    image: new CircleStyle({
      radius: selected ? 10 : 7,
      fill: new Fill({ color: point.color }),
      stroke: new Stroke({ color: '#ffffff', width: selected ? 3 : 2 }),
    }),
    text: selected
      ? new Text({
          text: point.label,
          offsetY: -22,
          font: '600 12px system-ui, sans-serif',
          fill: new Fill({ color: '#0f172a' }),
          stroke: new Stroke({ color: '#ffffff', width: 4 }),
        })
      : undefined,
    zIndex: selected ? 10 : 1,
  });
}

export function createPointMap(target: HTMLElement, options: PointMapOptions): PointMapHandle {
  const base = createBaseLayers(options.tiles);
  const { project } = base;
  const source = new VectorSource<Feature<Point>>();
  let selectedId: string | null = null;
  const byId = new Map<string, MapPoint>();

  const vector = new VectorLayer({
    source,
    style: (feature) => {
      const p = byId.get(String(feature.getId()));
      return p ? pointStyle(p, p.id === selectedId) : undefined;
    },
  });

  const map = new OlMap({
    target,
    layers: [...base.layers, vector],
    controls: defaultControls({ rotate: false, attributionOptions: { collapsible: true, collapsed: true } }),
    view: new View({ center: fromLonLat(options.center), zoom: options.zoom, maxZoom: 19 }),
  });

  map.on('singleclick', (event) => {
    map.forEachFeatureAtPixel(event.pixel, (feature) => {
      const id = feature.getId();
      if (id !== undefined) options.onSelect?.(String(id));
      return true;
    });
  });
  map.on('pointermove', (event) => {
    if (event.dragging) return;
    target.style.cursor = map.hasFeatureAtPixel(event.pixel) ? 'pointer' : '';
  });

  const resize = new ResizeObserver(() => {
    map.updateSize();
  });
  resize.observe(target);

  function setPoints(points: readonly MapPoint[]) {
    byId.clear();
    source.clear(true);
    source.addFeatures(
      points.map((p) => {
        byId.set(p.id, p);
        const f = new Feature({ geometry: new Point(project(p.lon, p.lat)) });
        f.setId(p.id);
        return f;
      }),
    );
  }

  return {
    setPoints,
    setTiles(next) {
      if (next === base.tiles()) return;
      base.setTiles(next);
      setPoints([...byId.values()]);
    },
    select(id) {
      selectedId = id;
      vector.changed();
      const p = id ? byId.get(id) : undefined;
      if (p) map.getView().animate({ center: project(p.lon, p.lat), duration: 400 });
    },
    dispose() {
      resize.disconnect();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
