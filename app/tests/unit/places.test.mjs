// Points of interest and routes as the maps draw them (features/places/model.ts, nodes.ts), the live map's remembered
// POI types (features/map/poi-layer.ts), the fragment runs the generator follows, and the menu aliases of dataManage's
// route and trip management.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { poiShapes, poiIdOf, routeShape, routeIdOf, routeState, vehicleState, drawnOf, geometryOf, poiTypeStyle, latestRuns } = await load('src/features/places/model.ts');
const { nodesOfPath, daySpan } = await load('src/features/places/nodes.ts');
const { parsePoiTypes } = await load('src/features/map/poi-layer.ts');
const { hasView, viewFor } = await load('src/features/console/registry.ts');

const row = (over) => ({ id: 7, entId: 1, name: 'Depot', poiType: 2, shape: 1, lon: 121.5, lat: 31.2, radiusM: null, polygon: null, address: '', phone: '', remark: '', fence: 0, createdAt: '', ...over });

test('a point is one mark; circles and polygons get their shape and a mark of their type at the centre', () => {
  assert.deepEqual(
    poiShapes([row()]).map((s) => [s.id, s.kind, s.symbol]),
    [['poi-7', 'point', 'square']],
  );
  const circle = poiShapes([row({ id: 8, poiType: 5, shape: 2, radiusM: 300 })]);
  assert.deepEqual(circle.map((s) => [s.id, s.kind]), [['poi-8', 'circle'], ['poi-8-mark', 'point']]);
  assert.equal(circle[0].radiusM, 300);
  const ring = [[121, 31], [121.1, 31], [121.1, 31.1]];
  assert.deepEqual(poiShapes([row({ id: 9, shape: 3, polygon: ring })])[0].ring, ring);
  // a polygon without its ring falls back to the point
  assert.equal(poiShapes([row({ id: 10, shape: 3, polygon: null })])[0].kind, 'point');
  assert.equal(poiIdOf('poi-8-mark'), 8);
  assert.equal(poiIdOf('route-3'), null);
  assert.equal(poiIdOf(null), null);
  assert.equal(poiTypeStyle(42).key, 'own', 'an unknown type is drawn as the enterprise’s own');
});

test('a drawn shape becomes the POI geometry and back', () => {
  assert.deepEqual(geometryOf({ kind: 'point', lon: 1, lat: 2 }), { shape: 1, lon: 1, lat: 2 });
  assert.deepEqual(geometryOf({ kind: 'circle', lon: 1, lat: 2, radiusM: 50 }), { shape: 2, lon: 1, lat: 2, radiusM: 50 });
  const ring = [[1, 2], [3, 2], [3, 4]];
  assert.deepEqual(geometryOf({ kind: 'polygon', ring }), { shape: 3, lon: 1, lat: 2, polygon: ring });
  assert.deepEqual(drawnOf(row({ shape: 3, polygon: ring })), { kind: 'polygon', ring });
  assert.deepEqual(drawnOf(row({ shape: 2, radiusM: 10 })), { kind: 'circle', lon: 121.5, lat: 31.2, radiusM: 10 });
});

test('routes: the line with its corridor; a changed path keeps the names and stops of the nodes that stayed', () => {
  const route = { id: 3, entId: 1, name: 'R', corridorM: 200, nodes: [{ lon: 1, lat: 2, name: 'A', stop: true }, { lon: 3, lat: 4, name: 'B', stop: false }], lengthM: 1, vehicles: [], createdAt: '', updatedAt: '' };
  const line = routeShape(route);
  assert.deepEqual([line.id, line.kind, line.corridorM, line.path], ['route-3', 'line', 200, [[1, 2], [3, 4]]]);
  assert.equal(routeIdOf('route-3'), 3);
  assert.equal(line.color, '#94A3B8', 'grey: no vehicle on it');
  assert.equal(routeIdOf('poi-3'), null);
  assert.deepEqual(nodesOfPath([[1, 2], [2, 3], [3, 4]], route.nodes), [
    { lon: 1, lat: 2, name: 'A', stop: true },
    { lon: 2, lat: 3, name: '', stop: false },
    { lon: 3, lat: 4, name: 'B', stop: false },
  ]);
  assert.deepEqual(daySpan('2026-11-20'), { start: '2026-11-20T00:00:00Z', end: '2026-11-20T23:59:59Z' });
});

test("a route takes the colour of its worst vehicle's verdict; a verdict on another route or none is grey", () => {
  const verdict = (state, routeId = 3) => ({ routeId, state, distanceM: 0, at: 0 });
  const route = (...verdicts) => ({ id: 3, entId: 1, name: 'R', corridorM: 200, nodes: [], lengthM: 1, createdAt: '', updatedAt: '', vehicles: verdicts.map((matched, i) => ({ id: i + 1, plate: `P${String(i)}`, matched })) });
  assert.equal(routeState(route()), 'none');
  assert.equal(routeState(route(null)), 'none');
  assert.equal(routeState(route(verdict('matched'), null)), 'matched');
  assert.equal(routeState(route(verdict('matched'), verdict('inference'))), 'inference');
  assert.equal(routeState(route(verdict('inference'), verdict('offRoute'), verdict('matched'))), 'offRoute');
  assert.equal(vehicleState({ id: 1, plate: 'P', matched: verdict('offRoute', 9) }, 3), 'none');
  assert.equal(routeShape(route(verdict('matched'), verdict('offRoute'))).color, '#E5484D');
});

test('the runs started are shown as the log last answered, in their order; one it does not list yet, as started', () => {
  const run = (id, state, built) => ({ id, state, built, days: 4, error: '' });
  const started = [run(9, 1, 0), run(7, 1, 0)];
  assert.deepEqual(latestRuns(started, undefined), started);
  const log = [run(8, 1, 3), run(7, 3, 2)];
  assert.deepEqual(latestRuns(started, log).map((r) => [r.id, r.state, r.built]), [[9, 1, 0], [7, 3, 2]]);
});

test("the map's POI types: the five filters only, from what was stored", () => {
  assert.deepEqual(parsePoiTypes('5,1,9,x'), [1, 5]);
  assert.deepEqual(parsePoiTypes(null), []);
  assert.deepEqual(parsePoiTypes(''), []);
});

test("dataManage's route and trip management and mileage inquiry show the track area's route and trip lists and mileage", () => {
  assert.equal(hasView('dataManage/routeManage'), true);
  assert.equal(viewFor('dataManage/routeManage'), viewFor('locus/routeList'), 'the very same view (its state kept alike)');
  assert.equal(hasView('dataManage/travelManage'), true);
  assert.equal(viewFor('dataManage/travelManage'), viewFor('locus/tripList'), "the tracks screens' trip list");
  assert.equal(hasView('dataManage/mileageInquiry'), true);
  assert.equal(viewFor('dataManage/mileageInquiry'), viewFor('locus/mileageRoute'), "the tracks screens' mileage and route view");
  for (const key of ['locus/poi', 'locus/routeList', 'locus/routeNodes', 'locus/nodeList', 'locus/map', 'locus/fragmentGenerator', 'locus/generationLog']) {
    assert.equal(hasView(key), true, key);
  }
});
