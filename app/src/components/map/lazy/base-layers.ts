/**
 * The base of every OpenLayers map of the console: XYZ tiles (OSM, or AMap, which draws in GCJ-02, so positions are
 * moved there) over a bundled world outline (world-atlas 110m) that shows when tiles are off or fail, so a map is
 * never blank. Browser only: imported by the lazy map modules.
 */
import GeoJSON from 'ol/format/GeoJSON';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { feature as topoFeature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

import { gcj02ToWgs84, wgs84ToGcj02, type LonLat } from '@/lib/geo';
import type { TileChoice } from '../types';

const TILES: Record<Exclude<TileChoice, 'offline'>, { url: string; attributions: string }> = {
  osm: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attributions: '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors',
  },
  amap: {
    url: 'https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    attributions: '© AutoNavi',
  },
};

export interface BaseLayers {
  /** Outline, then tiles: the bottom of the map's layer list. */
  layers: [VectorLayer, TileLayer];
  tiles: () => TileChoice;
  /** Switches the tiles; the caller re-projects what it draws (positions move with the datum). */
  setTiles: (tiles: TileChoice) => void;
  /** WGS-84 lon/lat → map coordinates in the current tiles' datum. */
  project: (lon: number, lat: number) => number[];
  /** Map coordinates → WGS-84 lon/lat. */
  unproject: (coordinate: number[]) => LonLat;
}

export function createBaseLayers(initial: TileChoice): BaseLayers {
  let tiles = initial;
  const outlineSource = new VectorSource();
  const outline = new VectorLayer({
    source: outlineSource,
    style: new Style({ fill: new Fill({ color: '#f8fafc' }), stroke: new Stroke({ color: '#94a3b8', width: 0.8 }) }),
    visible: tiles === 'offline',
    properties: { name: 'outline' },
  });
  void import('world-atlas/countries-110m.json').then((mod) => {
    const topology = mod.default as unknown as Topology;
    const geo = topoFeature(topology, topology.objects.countries as GeometryCollection);
    outlineSource.addFeatures(new GeoJSON().readFeatures(geo, { featureProjection: 'EPSG:3857' }));
  });
  const tileLayer = new TileLayer({ properties: { name: 'tiles' } });
  function applyTiles() {
    if (tiles === 'offline') {
      tileLayer.setSource(null);
      tileLayer.setVisible(false);
      outline.setVisible(true);
      return;
    }
    const source = new XYZ({ ...TILES[tiles], maxZoom: 18, crossOrigin: 'anonymous' });
    source.on('tileloaderror', () => {
      outline.setVisible(true);
    });
    tileLayer.setSource(source);
    tileLayer.setVisible(true);
    outline.setVisible(false);
  }
  applyTiles();
  return {
    layers: [outline, tileLayer],
    tiles: () => tiles,
    setTiles: (next) => {
      tiles = next;
      applyTiles();
    },
    project: (lon, lat) => fromLonLat(tiles === 'amap' ? wgs84ToGcj02([lon, lat]) : [lon, lat]),
    unproject: (coordinate) => {
      const ll = toLonLat(coordinate) as [number, number];
      return tiles === 'amap' ? gcj02ToWgs84(ll) : ll;
    },
  };
}
