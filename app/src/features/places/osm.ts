/**
 * The OSM editor's model (locus/osmEditor): a POI or route being edited, its attributes as OSM-style tags mapped onto
 * the existing fields of /poi/add and /route/add (no field of its own), its geometry (for undo), the server's refusal
 * turned into the tag (or the geometry) it is about, and the viewport's features as GeoJSON.
 */
import type { DrawnShape, LonLatBox } from '@/components/map/shapes';
import { poiValues, type PoiValues } from './components/poi-form';
import { routeValues, type RouteValues } from './components/route-form';
import { poiTypeStyle, type PoiDrawn } from './model';
import { nodesOfPath, pathOfNodes } from './nodes';
import type { Fence, PoiRow, PoiType, RouteNode, RouteRow } from './types';

export type OsmEdit = { kind: 'poi'; id?: number; values: PoiValues } | { kind: 'route'; id: number; values: RouteValues };

/** The tags shown (in this order); `category` is the POI type, `fence` the alarm of an area, `corridor:width` a route's corridor. */
export type TagKey = 'name' | 'category' | 'radius' | 'fence' | 'addr:full' | 'phone' | 'note' | 'corridor:width';

/** Where a refusal shows: a tag's row, or the geometry (over the map and in the panel). */
export type ErrorKey = TagKey | 'geometry';

/** The geometry an undo step puts back: a POI's drawn shape or a route's nodes. */
export type EditGeometry = PoiDrawn | RouteNode[];

export function poiEdit(row: PoiRow): OsmEdit {
  return { kind: 'poi', id: row.id, values: poiValues(row) };
}

export function routeEdit(row: RouteRow): OsmEdit {
  return { kind: 'route', id: row.id, values: routeValues(row) };
}

export function tagKeys(edit: OsmEdit): TagKey[] {
  if (edit.kind === 'route') return ['name', 'corridor:width'];
  const kind = edit.values.geometry.drawn?.kind ?? 'point';
  return ['name', 'category', ...(kind === 'circle' ? (['radius'] as const) : []), ...(kind === 'point' ? [] : (['fence'] as const)), 'addr:full', 'phone', 'note'];
}

export function tagValue(edit: OsmEdit, key: TagKey): string {
  if (edit.kind === 'route') return key === 'name' ? edit.values.name : key === 'corridor:width' ? String(edit.values.corridorM) : '';
  const v = edit.values;
  switch (key) {
    case 'name':
      return v.name;
    case 'category':
      return String(v.poiType);
    case 'radius':
      return v.geometry.drawn?.kind === 'circle' ? String(v.geometry.drawn.radiusM) : '';
    case 'fence':
      return String(v.fence);
    case 'addr:full':
      return v.address;
    case 'phone':
      return v.phone;
    case 'note':
      return v.remark;
    case 'corridor:width':
      return '';
  }
}

const numberOrEmpty = (value: string): number | '' => (value.trim() === '' || !Number.isFinite(Number(value)) ? '' : Number(value));

export function withTag(edit: OsmEdit, key: TagKey, value: string): OsmEdit {
  if (edit.kind === 'route') {
    if (key === 'name') return { ...edit, values: { ...edit.values, name: value } };
    if (key === 'corridor:width') return { ...edit, values: { ...edit.values, corridorM: numberOrEmpty(value) } };
    return edit;
  }
  const v = edit.values;
  const { drawn } = v.geometry;
  switch (key) {
    case 'name':
      return { ...edit, values: { ...v, name: value } };
    case 'category':
      return { ...edit, values: { ...v, poiType: value === '' ? '' : (Number(value) as PoiType) } };
    case 'radius':
      return drawn?.kind === 'circle' ? { ...edit, values: { ...v, geometry: { ...v.geometry, drawn: { ...drawn, radiusM: Number(value) } } } } : edit;
    case 'fence':
      return { ...edit, values: { ...v, fence: Number(value) as Fence } };
    case 'addr:full':
      return { ...edit, values: { ...v, address: value } };
    case 'phone':
      return { ...edit, values: { ...v, phone: value } };
    case 'note':
      return { ...edit, values: { ...v, remark: value } };
    case 'corridor:width':
      return edit;
  }
}

export function editGeometry(edit: OsmEdit): EditGeometry | null {
  return edit.kind === 'route' ? edit.values.nodes : edit.values.geometry.drawn;
}

export function withGeometry(edit: OsmEdit, geometry: EditGeometry): OsmEdit {
  if (edit.kind === 'route') return Array.isArray(geometry) ? { ...edit, values: { ...edit.values, nodes: geometry } } : edit;
  return Array.isArray(geometry) ? edit : { ...edit, values: { ...edit.values, geometry: { ...edit.values.geometry, drawn: geometry } } };
}

/** What the map shows as the draggable draft. */
export function editDraft(edit: OsmEdit): DrawnShape | null {
  return edit.kind === 'route' ? { kind: 'line', path: pathOfNodes(edit.values.nodes) } : edit.values.geometry.drawn;
}

/** The edit after its draft was dragged on the map (a route's nodes keep their names and stops where they stayed). */
export function moved(edit: OsmEdit, shape: DrawnShape): OsmEdit {
  if (edit.kind === 'route') return shape.kind === 'line' ? withGeometry(edit, nodesOfPath(shape.path, edit.values.nodes)) : edit;
  return shape.kind === 'line' ? edit : withGeometry(edit, shape);
}

/** The tag (or the geometry) a refusal's `field` is about. */
const FIELD_TAGS: Record<string, TagKey> = {
  name: 'name',
  poiType: 'category',
  radiusM: 'radius',
  fence: 'fence',
  address: 'addr:full',
  phone: 'phone',
  remark: 'note',
  corridorM: 'corridor:width',
};

export function errorKeyOf(field: string | undefined): ErrorKey {
  return field !== undefined && Object.hasOwn(FIELD_TAGS, field) ? (FIELD_TAGS[field] ?? 'geometry') : 'geometry';
}

/** Routes with a node in the viewport or a line across it (their bounding boxes meet). */
export function routesInView(rows: readonly RouteRow[], box: LonLatBox | null): RouteRow[] {
  if (!box) return [];
  const [minLon, minLat, maxLon, maxLat] = box;
  return rows.filter((r) => {
    const lons = r.nodes.map((n) => n.lon);
    const lats = r.nodes.map((n) => n.lat);
    return lons.length > 0 && Math.min(...lons) <= maxLon && Math.max(...lons) >= minLon && Math.min(...lats) <= maxLat && Math.max(...lats) >= minLat;
  });
}

/** The non-empty tags of an edit; `category` by the type's name (`geoFence`), not its code. */
export function tagsOf(edit: OsmEdit): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const key of tagKeys(edit)) {
    const value = tagValue(edit, key);
    if (value !== '') tags[key] = key === 'category' ? poiTypeStyle(Number(value)).key : value;
  }
  return tags;
}

const ring = (points: readonly (readonly [number, number])[]) => [...points.map(([lon, lat]) => [lon, lat]), ...points.slice(0, 1).map(([lon, lat]) => [lon, lat])];

/** The viewport's POIs and routes as a GeoJSON FeatureCollection (a circle is its centre with a `radius` tag). */
export function toGeoJson(pois: readonly PoiRow[], routes: readonly RouteRow[]) {
  return {
    type: 'FeatureCollection',
    features: [
      ...pois.map((p) => ({
        type: 'Feature',
        id: `poi/${String(p.id)}`,
        geometry: p.shape === 3 && p.polygon && p.polygon.length >= 3 ? { type: 'Polygon', coordinates: [ring(p.polygon)] } : { type: 'Point', coordinates: [p.lon, p.lat] },
        properties: tagsOf(poiEdit(p)),
      })),
      ...routes.map((r) => ({
        type: 'Feature',
        id: `route/${String(r.id)}`,
        geometry: { type: 'LineString', coordinates: r.nodes.map((n) => [n.lon, n.lat]) },
        properties: tagsOf(routeEdit(r)),
      })),
    ],
  };
}
