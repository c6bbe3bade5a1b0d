/**
 * The work orders on the OpenLayers map (browser only, part of lazy/fleet-map.ts): a canvas vector layer of diamonds
 * (vehicles are dots), amber for pending and blue for in progress, with a red outline when overdue; the picked one
 * larger with a dark outline. At most 500 markers, so each refresh simply replaces them.
 */
import Feature from 'ol/Feature';
import { containsCoordinate, createEmpty, extend, isEmpty, type Extent } from 'ol/extent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import Fill from 'ol/style/Fill';
import RegularShape from 'ol/style/RegularShape';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';

import type { OrderMarker } from '../map-types';
import { ORDER_COLORS } from '../order-layer';

export interface OrderLayer {
  layer: VectorLayer<VectorSource<Feature<Point>>>;
  set(list: readonly OrderMarker[]): void;
  select(id: number | null): void;
  /** Places the markers again (the base layer's projection changed). */
  reproject(): void;
  /** The order under a pixel (its diamond, and 2 px around it), if any. */
  orderAt(pixel: number[]): number | null;
  /** The markers' extent, null when there are none. */
  extent(): Extent | null;
  /** Where an order's marker is, in map coordinates. */
  coordinateOf(id: number): number[] | undefined;
  /** Whether a marker lies in `extent`. */
  anyWithin(extent: Extent): boolean;
}

const RADIUS = 10;
const SELECTED_RADIUS = 13;

function markerStyle(progress: boolean, overdue: boolean, selected: boolean): Style {
  return new Style({
    image: new RegularShape({
      points: 4,
      radius: selected ? SELECTED_RADIUS : RADIUS,
      fill: new Fill({ color: progress ? ORDER_COLORS.progress : ORDER_COLORS.pending }),
      stroke: new Stroke({ color: selected ? '#0f172a' : overdue ? ORDER_COLORS.overdue : '#ffffff', width: overdue || selected ? 3 : 2 }),
    }),
    zIndex: selected ? 1 : 0,
  });
}

type Pick = (pixel: number[], source: VectorSource<Feature<Point>>, radius: (f: Feature<Point>) => number) => Feature<Point> | null;

/** `project`: lon/lat → map coordinates (the base layer's datum); `pick`: the map's nearest-marker search (lazy/pick.ts). */
export function createOrderLayer(project: (lon: number, lat: number) => number[], pick: Pick): OrderLayer {
  const source = new VectorSource<Feature<Point>>();
  const styles = new Map<string, Style>();
  let markers: readonly OrderMarker[] = [];
  let selectedId: number | null = null;

  const layer = new VectorLayer({
    source,
    zIndex: 12,
    properties: { name: 'work-orders' },
    style: (f) => {
      const progress = f.get('progress') === true;
      const overdue = f.get('overdue') === true;
      const selected = f.getId() === selectedId;
      const key = `${String(progress)}:${String(overdue)}:${String(selected)}`;
      let style = styles.get(key);
      if (!style) {
        style = markerStyle(progress, overdue, selected);
        styles.set(key, style);
      }
      return style;
    },
  });

  function place() {
    source.clear(true);
    source.addFeatures(
      markers.map((m) => {
        const f = new Feature({ geometry: new Point(project(m.lon, m.lat)) });
        f.setId(m.id);
        f.setProperties({ progress: m.progress, overdue: m.overdue }, true);
        return f;
      }),
    );
  }

  return {
    layer,
    set(list) {
      markers = list;
      place();
    },
    select(id) {
      selectedId = id;
      layer.changed();
    },
    reproject: place,
    orderAt(pixel) {
      if (!layer.getVisible()) return null;
      const f = pick(pixel, source, (g) => (g.getId() === selectedId ? SELECTED_RADIUS : RADIUS) + 2);
      return f ? (f.getId() as number) : null;
    },
    extent() {
      const extent = createEmpty();
      for (const f of source.getFeatures()) {
        const g = f.getGeometry();
        if (g) extend(extent, g.getExtent());
      }
      return isEmpty(extent) ? null : extent;
    },
    coordinateOf(id) {
      return source.getFeatureById(id)?.getGeometry()?.getCoordinates();
    },
    anyWithin(extent) {
      return source.getFeatures().some((f) => {
        const at = f.getGeometry()?.getCoordinates();
        return at !== undefined && containsCoordinate(extent, at);
      });
    },
  };
}
