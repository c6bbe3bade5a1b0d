import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { countByFilter, countByState, filterVehicles, vehicleState } = await load('src/features/map/vehicles.ts');
const { SAMPLE_VEHICLES } = await load('src/features/map/sample-vehicles.ts');

const v = (over) => ({ id: 'x', plate: 'P', lon: 0, lat: 0, speed: 0, online: true, alarm: null, minutesAgo: 1, ...over });

test('one state per vehicle: offline > alarm > driving > parked', () => {
  assert.equal(vehicleState(v({ online: false, alarm: 'lowTp', speed: 50 })), 'offline');
  assert.equal(vehicleState(v({ alarm: 'lowTp', speed: 50 })), 'alarm');
  assert.equal(vehicleState(v({ speed: 50 })), 'driving');
  assert.equal(vehicleState(v({})), 'parked');
});

test('filters overlap the way the map chips count them', () => {
  const list = [v({ id: 'a', alarm: 'highTemp', speed: 40 }), v({ id: 'b', online: false }), v({ id: 'c', speed: 10 }), v({ id: 'd' })];
  assert.deepEqual(countByFilter(list), { all: 4, alarm: 1, offline: 1, driving: 2 });
  assert.deepEqual(filterVehicles(list, 'driving').map((x) => x.id), ['a', 'c']);
  assert.deepEqual(countByState(list), { alarm: 1, offline: 1, driving: 1, parked: 1 });
});

test('the sample fleet has something under every filter', () => {
  const counts = countByFilter(SAMPLE_VEHICLES);
  for (const f of ['alarm', 'offline', 'driving']) assert.ok(counts[f] > 0, f);
  assert.equal(Object.values(countByState(SAMPLE_VEHICLES)).reduce((a, b) => a + b, 0), SAMPLE_VEHICLES.length);
});
