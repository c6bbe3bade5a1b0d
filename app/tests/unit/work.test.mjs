// The work-order screens' pure rules (src/features/work/model.ts, prefill.ts): the action between two states, template values,
// labels, dates, coordinates, repair totals, durations, wheel positions and the prefill handed to the quick dialog.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const m = { ...(await load('src/features/work/model.ts')), ...(await load('src/features/work/prefill.ts')) };

test('each allowed transition has its action; anything else has none', () => {
  assert.equal(m.actionFor(100, 101), 'start');
  assert.equal(m.actionFor(101, 102), 'resolve');
  assert.equal(m.actionFor(102, 104), 'close');
  assert.equal(m.actionFor(102, 101), 'reopen');
  assert.equal(m.actionFor(100, 103), 'cancel');
  assert.equal(m.actionFor(101, 103), 'cancel');
  assert.equal(m.actionFor(104, 101), null);
  assert.equal(m.actionFor(103, 101), null);
  assert.equal(m.actionFor(100, 102), null);
  assert.equal(m.actionFor(102, 103), null);
  assert.equal(m.needsRemark('cancel'), true);
  assert.equal(m.needsRemark('reopen'), true);
  assert.equal(m.needsRemark('resolve'), false);
});

test('tones follow state, priority and grade', () => {
  assert.equal(m.stateTone(100), 'amber');
  assert.equal(m.stateTone(102), 'green');
  assert.equal(m.stateTone(104), 'slate');
  assert.equal(m.priorityTone(4), 'red');
  assert.equal(m.gradeTone(3), 'red');
  assert.equal(m.gradeTone(0), 'slate');
});

const form = [
  { key: 'tyreSize', label: 'Tyre size', kind: 'text', required: true },
  { key: 'depth', label: 'Tread depth', kind: 'number' },
  { key: 'side', label: 'Side', kind: 'select', options: ['left', 'right'] },
];

test('template values come out typed by kind, blanks left out, under the names the server refuses', () => {
  const values = { 'fields.tyreSize': ' 295/80R22.5 ', 'fields.depth': '7.5', 'fields.side': '', other: 'x' };
  assert.deepEqual(m.templateValues('fields', form, values), { tyreSize: '295/80R22.5', depth: 7.5 });
  assert.deepEqual(m.missingRequired('fields', form, { 'fields.tyreSize': '  ' }), ['fields.tyreSize']);
  assert.deepEqual(m.missingRequired('data', form, { 'data.tyreSize': 'a' }), []);
  assert.deepEqual(m.templateFormValues('fields', form, { depth: 3 }, { side: 'left', depth: 9 }), { 'fields.tyreSize': '', 'fields.depth': 3, 'fields.side': 'left' });
});

test('labels split on either comma, trimmed and unique', () => {
  assert.deepEqual(m.splitLabels('tyre, urgent，tyre ,, 高速'), ['tyre', 'urgent', '高速']);
  assert.deepEqual(m.splitLabels('  '), []);
});

test('datetime-local round-trips through RFC 3339; blanks and garbage are null', () => {
  const iso = m.localToRfc3339('2026-11-26T09:30');
  assert.ok(iso && iso.endsWith('Z'));
  assert.equal(m.rfc3339ToLocal(iso), '2026-11-26T09:30');
  assert.equal(m.localToRfc3339(''), null);
  assert.equal(m.localToRfc3339('not a date'), null);
  assert.equal(m.rfc3339ToLocal(null), '');
});

test('coordinates must be numbers in range', () => {
  assert.equal(m.coordinate('31.2304', 90), 31.2304);
  assert.equal(m.coordinate('-181', 180), null);
  assert.equal(m.coordinate('95', 90), null);
  assert.equal(m.coordinate('', 90), null);
  assert.equal(m.coordinate('abc', 180), null);
  assert.equal(m.coordinate(121.47, 180), 121.47);
});

test('repair totals: parts are quantity × price, labour hours × rate', () => {
  const lines = [
    { kind: 'part', name: 'tyre', quantity: 2, unitPrice: 1850.5 },
    { kind: 'labour', name: 'fit', hours: 1.5, unitPrice: 120 },
    { kind: 'part', name: 'valve', quantity: 4, unitPrice: 0.1 },
  ];
  assert.equal(m.lineAmount(lines[0]), 3701);
  assert.deepEqual(m.repairTotals(lines), { partsCost: 3701.4, labourHours: 1.5, labourCost: 180, total: 3881.4 });
  assert.deepEqual(m.repairTotals([]), { partsCost: 0, labourHours: 0, labourCost: 0, total: 0 });
});

test('durations show the two largest units', () => {
  const u = { d: 'd', h: 'h', m: 'm', s: 's' };
  assert.equal(m.formatDuration(90061, u), '1d 1h');
  assert.equal(m.formatDuration(3600, u), '1h');
  assert.equal(m.formatDuration(125, u), '2m 5s');
  assert.equal(m.formatDuration(0, u), '0s');
  assert.equal(m.formatDuration(null, u), '—');
  assert.equal(m.percent(1, 3), 33);
  assert.equal(m.percent(1, 0), 0);
});

test('the last n days end today', () => {
  assert.deepEqual(m.lastDays(30, new Date(2026, 10, 26, 15)), { from: '2026-10-28', to: '2026-11-26' });
  assert.deepEqual(m.lastDays(1, new Date(2026, 0, 1)), { from: '2026-01-01', to: '2026-01-01' });
});

test('wheel positions of an order are axle-wheel; fleet positions convert', () => {
  assert.deepEqual(m.orderPositions([2, 4]), [['1-1', '1-2'], ['2-1', '2-2', '2-3', '2-4']]);
  assert.equal(m.orderPosition(23), '2-3');
  assert.equal(m.orderPosition(0), null);
  assert.equal(m.orderPosition(20), null);
  // and back: an order's wheel → the fleet's number (what a tyre is mounted at)
  assert.equal(m.positionNumber('2-4'), 24);
  assert.equal(m.positionNumber(' 1-1 '), 11);
  assert.equal(m.positionNumber('0-1'), null);
  assert.equal(m.positionNumber('2-0'), null);
  assert.equal(m.positionNumber('12-1'), null);
  assert.equal(m.positionNumber('x'), null);
});

test('the prefill survives the query string; malformed parts are dropped', () => {
  const p = { vehicleId: 7, plate: '沪A 12345', positions: ['1-1', '2-3'], alarmId: 42, lat: 31.2304, lon: 121.4737, address: 'Shanghai & co' };
  assert.deepEqual(m.prefillFromQuery(m.prefillToQuery(p)), { ...p, title: undefined });
  assert.deepEqual(m.prefillFromQuery('?vehicleId=x&positions=1-1,99,a-b&lat='), {
    vehicleId: undefined,
    plate: undefined,
    positions: ['1-1'],
    alarmId: undefined,
    lat: undefined,
    lon: undefined,
    address: undefined,
    title: undefined,
  });
});
