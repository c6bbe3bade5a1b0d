import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { fromWatchEntry, fromWatchList, watchAnswer } = await load('src/features/vehicles/fleet-keys.ts');
const { deriveState, isOffline } = await load('src/features/vehicles/vehicle-state.ts');
const { wheelPositions, parseAxleLayout } = await load('src/features/vehicles/wheel-layout.ts');
const { convertPressure, convertTemp, formatPressure, formatTemp, parsePressureUnit, parseTempUnit } = await load('src/features/settings/units.ts');
const { simCarrier } = await load('src/features/devices/carrier.ts');
const { maskPhone } = await load('src/lib/format.ts');

test('watchList4 short keys map back to the vehicle fields; absent flags are the defaults', () => {
  const v = fromWatchEntry({ i: 7, p: '沪A12345', at: 1, a: 1, ay: 3, al: 2, o: 1, e: 1013, g: 4, im: '8600', ft: 1000, gp: { t: 5, la: 31.2, lo: 121.5, s: 40, ad: 'Shanghai', di: 90 }, ta: { hp: 1, sl: 1 } });
  assert.equal(v.carId, 7);
  assert.equal(v.plate, '沪A12345');
  assert.equal(v.attention, true);
  assert.equal(v.isAlarm, true);
  assert.equal(v.alarmType, 3);
  assert.equal(v.alarmLevel, 2);
  assert.equal(v.offline, true);
  assert.equal(v.enterprise_id, 1013);
  assert.equal(v.group_id, 4);
  assert.equal(v.imei, '8600');
  assert.equal(v.finalTime, 1000);
  assert.deepEqual(v.gps, { created: 5, lat: 31.2, lon: 121.5, speed: 40, address: 'Shanghai', direction: 90 });
  assert.deepEqual(v.tp_abnormal, { highTp: true, lowTp: false, highTemp: false, repeaters: false, sensorLoss: true, spraySwitch: false, sprayFault: false });
  // absent = default
  assert.equal(v.close, false);
  assert.equal(v.notInstalled, false);
  assert.equal(v.trailerId, null);
  assert.equal(v.trailerPlate, '');
  assert.equal(v.repeaters, 0);
  assert.equal(v.battery, null);
  const bare = fromWatchEntry({ i: 1, p: 'X' });
  assert.equal(bare.gps, null);
  assert.equal(bare.tp_abnormal.highTp, false);
  assert.equal(bare.highTemp_24h, false);
});

test('every documented key lands on its field', () => {
  const v = fromWatchEntry({ tp: 'T1', ti: 9, h: '/h.png', dt: 3, tg: 'a,b', so: 1, tb: 1, c: 1, r: 2, rc: 1, hb: 11, ps: 2, xa: 1, xn: 1, xl: 1, xj: 1, xe: 1, td: 1, ht: 1, ni: 1, vl: 1, sn: 'S', pn: 'P', v: '1.2', cr: 12, d: 13, b: 80 });
  assert.deepEqual(
    [v.trailerPlate, v.trailerId, v.headImgUrl, v.deviceTypeId, v.tag, v.startoff, v.table, v.close, v.repeaters, v.recharge, v.heartbeat, v.carPowerSupply],
    ['T1', 9, '/h.png', 3, 'a,b', true, true, true, 2, true, 11, 2],
  );
  assert.deepEqual([v.axleAbnormal, v.axleNull, v.axleLose, v.axleJump, v.axleEfficacy, v.tempDifference_24h, v.highTemp_24h, v.notInstalled, v.vehicleLow], Array(9).fill(true));
  assert.deepEqual([v.sn, v.partNo, v.version, v.created, v.date, v.battery], ['S', 'P', '1.2', 12, 13, 80]);
  assert.equal(fromWatchList({ deviceList: [{ i: 1 }, null, 3], total: 1 }).length, 1);
  assert.deepEqual(fromWatchList(null), []);
  const followed = fromWatchList({ deviceList: [{ i: 1 }, { i: 2 }], followed: [2], version: 'a.1', total: 2 });
  assert.deepEqual(followed.map((x) => x.attention), [false, true], 'follows travel beside the entries');
  const delta = watchAnswer({ deviceList: [{ i: 5 }], removed: [6, 'x'], followed: [], version: 'a.9', delta: true, total: 1 });
  assert.deepEqual([delta.delta, delta.version, delta.removed, delta.entries.length], [true, 'a.9', [6], 1]);
  assert.deepEqual(watchAnswer({ deviceList: [] }), { entries: [], version: null, delta: false, removed: [], followed: [] });
});

test('state order: closed, offline, alarm, driving, parked', () => {
  assert.equal(deriveState({ close: true, offline: true, isAlarm: true, speed: 9 }), 'closed');
  assert.equal(deriveState({ offline: true, isAlarm: true, speed: 9 }), 'offline');
  assert.equal(deriveState({ isAlarm: true, speed: 9 }), 'alarm');
  assert.equal(deriveState({ speed: 9 }), 'driving');
  assert.equal(deriveState({}), 'parked');
  assert.equal(isOffline(null, 0), true);
  assert.equal(isOffline(0, 30 * 60 * 1000), false);
  assert.equal(isOffline(0, 30 * 60 * 1000 + 1), true);
});

test('units: Bar default, Psi ×14.5 whole, Kpa ×100 one decimal; °C default, °F rounded', () => {
  assert.equal(parsePressureUnit('x'), 'bar');
  assert.equal(parseTempUnit(null), 'c');
  assert.equal(convertPressure(8.5, 'psi'), 123);
  assert.equal(convertPressure(8.55, 'kpa'), 855);
  assert.equal(formatPressure(8.5, 'kpa'), '850.0 Kpa');
  assert.equal(formatPressure(8.5, 'bar'), '8.5 Bar');
  assert.equal(formatPressure(8.5, 'psi'), '123 Psi');
  assert.equal(formatPressure(null, 'psi'), '');
  assert.equal(convertTemp(37, 'f'), 99);
  assert.equal(formatTemp(40, 'c'), '40 °C');
  assert.equal(formatTemp(40, 'f'), '104 °F');
});

test('masked phone: first 3 and last 4', () => {
  assert.equal(maskPhone('13812345678'), '138****5678');
  assert.equal(maskPhone(''), '');
});

test('SIM carrier from the ICCID prefix', () => {
  assert.equal(simCarrier('89860012345678901234'), 'mobile');
  for (const p of ['898602', '898604', '898607']) assert.equal(simCarrier(`${p}1`), 'mobile');
  for (const p of ['898601', '898606', '898609']) assert.equal(simCarrier(`${p}1`), 'unicom');
  for (const p of ['898603', '898611']) assert.equal(simCarrier(`${p}1`), 'telecom');
  assert.equal(simCarrier('898605'), 'unknown');
  assert.equal(simCarrier(null), 'unknown');
});

test('wheel positions from an axle layout', () => {
  assert.deepEqual(wheelPositions('2,4,4'), [[11, 12], [21, 22, 23, 24], [31, 32, 33, 34]]);
  assert.equal(wheelPositions('2,4,4').flat().length, 10);
  assert.deepEqual(wheelPositions('2, 2'), [[11, 12], [21, 22]]);
  assert.deepEqual(wheelPositions('x'), []);
  assert.equal(parseAxleLayout('0,2'), null);
  assert.equal(parseAxleLayout(''), null);
});

test('wheel state: no sensor, lost, high temperature, high, low, normal (default or given thresholds)', async () => {
  const { wheelState } = await load('src/features/vehicles/wheel-state.ts');
  const w = (over) => ({ sensorNo: 'A1', pressure: 8.5, temp: 40, ...over });
  assert.equal(wheelState(undefined), 'none');
  assert.equal(wheelState(w({ sensorNo: null })), 'none');
  assert.equal(wheelState(w({ pressure: null })), 'lost');
  assert.equal(wheelState(w({ temp: 90, pressure: 11 })), 'highTemp');
  assert.equal(wheelState(w({ pressure: 10.2 })), 'high');
  assert.equal(wheelState(w({ pressure: 7 })), 'low');
  assert.equal(wheelState(w({})), 'normal');
  assert.equal(wheelState(w({ temp: null })), 'normal');
  assert.equal(wheelState(w({}), { highPressure: 8, lowPressure: 6, highTemp: 85 }), 'high');
});

const { dailyTotals } = await load('src/features/reports/ingestion.ts');

test('ingestion counts per day: accepted apart, every refusal reason summed, oldest day first', () => {
  const rows = dailyTotals([
    { day: '2026-11-21', outcome: 'accepted', count: 10 },
    { day: '2026-11-20', outcome: 'outOfRange', count: 2 },
    { day: '2026-11-21', outcome: 'duplicate', count: 1 },
    { day: '2026-11-21', outcome: 'unknownDevice', count: 3 },
    { day: '2026-11-20', outcome: 'accepted', count: 5 },
  ]);
  assert.deepEqual(rows, [
    { day: '2026-11-20', accepted: 5, refused: 2 },
    { day: '2026-11-21', accepted: 10, refused: 4 },
  ]);
  assert.deepEqual(dailyTotals([]), []);
});
