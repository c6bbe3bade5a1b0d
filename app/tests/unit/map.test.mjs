import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const geo = await load('src/lib/geo.ts');
const view = await load('src/features/map/fleet-view.ts');
const { SAMPLE_FLEET } = await load('src/features/map/sample-fleet.ts');
const { fromWatchEntry } = await load('src/features/vehicles/fleet-keys.ts');
const orders = await load('src/features/map/order-layer.ts');

test('WGS-84 → GCJ-02 matches the reference offset and inverts to 1e-6°', () => {
  // Tiananmen: the well-known pair used by the GCJ-02 reference implementations (eviltransform)
  const [lon, lat] = geo.wgs84ToGcj02([116.391349, 39.907375]);
  assert.ok(Math.abs(lon - 116.397590) < 2e-5 && Math.abs(lat - 39.908775) < 2e-5, `${lon}, ${lat}`);
  const back = geo.gcj02ToWgs84([lon, lat]);
  assert.ok(Math.abs(back[0] - 116.391349) < 1e-6 && Math.abs(back[1] - 39.907375) < 1e-6);
  // outside China nothing moves
  assert.deepEqual(geo.wgs84ToGcj02([2.3522, 48.8566]), [2.3522, 48.8566]);
  assert.deepEqual(geo.gcj02ToWgs84([-74, 40.7]), [-74, 40.7]);
});

test('distance: haversine with R = 6378.137 km, in metres', () => {
  assert.equal(geo.EARTH_RADIUS_M, 6378137);
  // one degree of longitude on the equator = 2πR/360
  assert.ok(Math.abs(geo.distanceMetres([0, 0], [1, 0]) - (2 * Math.PI * 6378137) / 360) < 1e-6);
  const d = geo.distanceMetres([121.4737, 31.2304], [116.4074, 39.9042]);
  assert.ok(d > 1_067_000 && d < 1_069_500, String(d)); // Shanghai–Beijing ≈ 1068 km
  assert.equal(geo.pathMetres([[0, 0]]), 0);
  assert.ok(Math.abs(geo.pathMetres([[0, 0], [1, 0], [2, 0]]) - 2 * geo.distanceMetres([0, 0], [1, 0])) < 1e-6);
  assert.equal(geo.formatDistance(850.4), '850 m');
  assert.equal(geo.formatDistance(12345), '12.35 km');
});

test('EPSG:3857 → lon/lat rounds to 6 decimals', () => {
  assert.equal(geo.round6(113.1234567), 113.123457);
  assert.equal(geo.formatLonLat([113.1, 22.5]), '113.100000, 22.500000');
});

const v = (raw) => fromWatchEntry({ i: 1, p: 'P', gp: { lo: 1, la: 1, s: 0 }, ...raw });

test('marker state: closed, offline, alarm, driving, parked', () => {
  assert.equal(view.markerState(v({ c: 1, o: 1, a: 1 })), 'closed');
  assert.equal(view.markerState(v({ o: 1, a: 1 })), 'offline');
  assert.equal(view.markerState(v({ a: 1, gp: { lo: 1, la: 1, s: 40 } })), 'alarm');
  assert.equal(view.markerState(v({ gp: { lo: 1, la: 1, s: 40 } })), 'driving');
  assert.equal(view.markerState(v({})), 'parked');
});

test('filter counts overlap the way the chips count them', () => {
  const list = [
    v({ i: 1, a: 1, gp: { lo: 1, la: 1, s: 40 } }),
    v({ i: 2, o: 1, at: 1 }),
    v({ i: 3, gp: { lo: 1, la: 1, s: 10 } }),
    v({ i: 4 }),
    v({ i: 5, c: 1, gp: { lo: 1, la: 1, s: 10 } }),
  ];
  assert.deepEqual(view.countByFilter(list), { all: 5, alarm: 1, offline: 1, driving: 2, followed: 1 });
  assert.deepEqual(list.filter((x) => view.matchesFilter(x, 'driving')).map((x) => x.carId), [1, 3]);
  assert.deepEqual(view.countByState(list), { closed: 1, offline: 1, alarm: 1, driving: 1, parked: 1 });
});

test('the sample fleet has something under every filter', () => {
  const counts = view.countByFilter(SAMPLE_FLEET);
  for (const f of view.MAP_FILTERS) assert.ok(counts[f] > 0, f);
});

test('aggregation: one cell per occupied square at the centroid, with alarm counts', () => {
  const cells = view.aggregate(
    [
      { x: 1, y: 1, alarm: false },
      { x: 3, y: 5, alarm: true },
      { x: 12, y: 1, alarm: false },
      { x: -1, y: -1, alarm: false },
    ],
    10,
  );
  assert.equal(cells.length, 3);
  assert.deepEqual(cells[0], { x: 2, y: 3, count: 2, alarm: 1 });
  assert.equal(cells.reduce((n, c) => n + c.count, 0), 4);
  // 30,000 points aggregate quickly into far fewer cells
  const many = Array.from({ length: 30000 }, (_, i) => ({ x: (i * 7919) % 100000, y: (i * 104729) % 100000, alarm: i % 10 === 0 }));
  const started = performance.now();
  const big = view.aggregate(many, 5000);
  assert.ok(performance.now() - started < 200);
  assert.ok(big.length <= 400);
  assert.equal(big.reduce((n, c) => n + c.alarm, 0), 3000);
});

test('work-order markers: located rows only, in progress or pending, overdue kept; the count says when the list stopped', () => {
  const row = (id, state, lat, lon, overdue = false) => ({ id, state, lat, lon, overdue });
  assert.deepEqual(orders.toOrderMarkers([row(1, 100, 31.2, 121.4), row(2, 101, 30.2, 120.1, true), row(3, 100, null, null), row(4, 101, 30, undefined)]), [
    { id: 1, lon: 121.4, lat: 31.2, progress: false, overdue: false },
    { id: 2, lon: 120.1, lat: 30.2, progress: true, overdue: true },
  ]);
  // 0 is a coordinate, not a missing one
  assert.equal(orders.toOrderMarkers([row(5, 100, 0, 0)]).length, 1);
  assert.deepEqual(orders.orderCount(12, 12), { text: '12', truncated: false });
  assert.deepEqual(orders.orderCount(0, 0), { text: '0', truncated: false });
  assert.deepEqual(orders.orderCount(500, 812), { text: '500 / 812', truncated: true });
});

const { openAlarms } = await load('src/features/map/open-alarms.ts');

test('open alarms: the listed ones brought up to date by what was heard, critical first, then newest', () => {
  const listed = [
    { id: 1, vehicleId: 10, plate: 'A', position: 21, kind: 2, level: 2, state: 0, startedAt: '2026-11-28T10:00:00Z', wheelsPerAxle: [2, 4] },
    { id: 2, vehicleId: 11, plate: 'B', position: 11, kind: 3, level: 1, state: 1, startedAt: '2026-11-28T11:00:00Z', wheelsPerAxle: [] },
    { id: 3, vehicleId: 12, plate: 'C', position: 0, kind: 11, level: 2, state: 0, startedAt: '2026-11-28T09:00:00Z', wheelsPerAxle: [2, 4] },
  ];
  const at = (iso) => Date.parse(iso);
  // newest first: 4 is new, 1 was acknowledged (its older raise is below), 3 was cleared
  const heard = [
    { id: 4, vehicleId: 13, plate: 'D', position: 22, kind: 2, level: 1, state: 0, startedAt: at('2026-11-28T12:00:00Z'), wheelsPerAxle: [2, 4, 4] },
    { id: 5, vehicleId: 14, plate: 'E', position: 12, kind: 3, level: 1, state: 0, startedAt: at('2026-11-28T08:00:00Z'), wheelsPerAxle: [] },
    { id: 1, vehicleId: 10, plate: 'A', position: 21, kind: 2, level: 2, state: 1, startedAt: at('2026-11-28T10:00:00Z'), wheelsPerAxle: [] },
    { id: 3, vehicleId: 12, plate: 'C', position: 0, kind: 11, level: 2, state: 2, startedAt: at('2026-11-28T09:00:00Z'), wheelsPerAxle: [2, 4] },
    { id: 1, vehicleId: 10, plate: 'A', position: 21, kind: 2, level: 2, state: 0, startedAt: at('2026-11-28T10:00:00Z'), wheelsPerAxle: [] },
  ];
  const { list, total } = openAlarms(listed, 40, heard);
  assert.deepEqual(list.map((a) => [a.id, a.level, a.state]), [[1, 2, 1], [4, 1, 0], [2, 1, 1], [5, 1, 0]]);
  // the layout the server listed stays; one heard carries its own; an empty layout is none
  assert.deepEqual(list.map((a) => a.wheelsPerAxle), [[2, 4], [2, 4, 4], null, null]);
  assert.equal(total, 40 - 1 + 2);
  // nothing listed, nothing heard
  assert.deepEqual(openAlarms([], 0, []), { list: [], total: 0 });
});

test('the map search finds a vehicle by plate or IMEI, spaces, dashes and case aside; the list puts alarms first', () => {
  const v = (carId, plate, imei, isAlarm = false, alarmLevel = 0) => ({ carId, plate, imei, isAlarm, alarmLevel });
  const fleet = [v(1, '沪A-12345', '860000000000001'), v(2, 'SIM-00300', '860000000000300', true, 1), v(3, 'sim 00301', '860000000000301', true, 2)];
  assert.deepEqual(fleet.filter((x) => view.matchesQuery(x, 'a12 345')).map((x) => x.carId), [1]);
  assert.deepEqual(fleet.filter((x) => view.matchesQuery(x, 'Sim0030')).map((x) => x.carId), [2, 3]);
  assert.deepEqual(fleet.filter((x) => view.matchesQuery(x, '0000000300')).map((x) => x.carId), [2]);
  assert.equal(fleet.filter((x) => view.matchesQuery(x, '  ')).length, 3, 'an empty search keeps all');
  assert.deepEqual(view.alarmsFirst(fleet).map((x) => x.carId), [3, 2, 1]);
  assert.deepEqual(fleet.map((x) => x.carId), [1, 2, 3], 'the fleet itself is not reordered');
});
