import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const pb = await load('src/features/tracks/playback.ts');
const range = await load('src/features/tracks/components/range-days.tsx');
const format = await load('src/lib/format.ts');

const fix = (ts, lon, lat, speed = 50) => ({ ts, lon, lat, speed, direction: 90 });
const points = [fix('2026-11-20T08:00:00Z', 121.0, 31.0, 0), fix('2026-11-20T08:10:00Z', 121.1, 31.0, 60), fix('2026-11-20T08:20:00Z', 121.1, 31.1, 30)];

test('momentAt: between fixes by time, clamped before the first and after the last', () => {
  const mid = pb.momentAt(points, Date.parse('2026-11-20T08:05:00Z'));
  assert.ok(Math.abs(mid.lon - 121.05) < 1e-9 && mid.lat === 31.0, JSON.stringify(mid));
  // between fixes: the average over them (10 minutes for 0.1° of longitude at 31°N ≈ 9.5 km → ≈ 57 km/h)
  assert.ok(Math.abs(mid.speed - 57.2) < 0.5, String(mid.speed));
  assert.ok(Math.abs(mid.direction - 90) < 0.1, 'heading east along the line');
  assert.ok(Math.abs(pb.momentAt(points, Date.parse('2026-11-20T08:15:00Z')).direction) < 0.1, 'then north');
  const at = pb.momentAt(points, Date.parse('2026-11-20T08:10:00Z'));
  assert.equal(at.lon, 121.1);
  assert.equal(at.speed, 60);
  assert.equal(pb.momentAt(points, Date.parse('2026-11-20T07:00:00Z')).lon, 121.0);
  const after = pb.momentAt(points, Date.parse('2026-11-20T09:00:00Z'));
  assert.deepEqual([after.lon, after.lat], [121.1, 31.1]);
  assert.equal(pb.momentAt([], 0), null);
  assert.deepEqual(pb.timeline(points), { start: Date.parse('2026-11-20T08:00:00Z'), end: Date.parse('2026-11-20T08:20:00Z') });
  assert.equal(pb.timeline([]), null);
});

test('stretchLine, markers and lines of a track', () => {
  assert.deepEqual(pb.stretchLine(points, '2026-11-20T08:05:00Z', '2026-11-20T08:20:00Z'), [[121.1, 31.0], [121.1, 31.1]]);
  const markers = pb.trackMarkers(points, [{ start: '2026-11-20T08:10:00Z', end: '2026-11-20T08:15:00Z', lat: 31, lon: 121.1, seconds: 300 }], [{ id: 7, kind: 1, level: 2, position: 11, startedAt: '2026-11-20T08:12:00Z', lat: 31, lon: 121.1 }]);
  assert.deepEqual(markers.map((m) => m.kind), ['start', 'end', 'stop', 'alarm']);
  assert.deepEqual(pb.trackMarkers(points.slice(0, 1), []).map((m) => m.kind), ['start']);
  assert.deepEqual(pb.lineOf(points)[1], [121.1, 31.0]);
});

test('UTC days: moving, ranges, counting, parsing', () => {
  assert.equal(pb.addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(pb.addDays('2026-03-01', -1), '2026-02-28');
  assert.deepEqual(pb.dayRange('2026-11-01', '2026-11-07'), { start: '2026-11-01T00:00:00Z', end: '2026-11-08T00:00:00Z' });
  assert.equal(pb.daysBetween('2026-11-01', '2026-11-07'), 7);
  assert.equal(pb.daysBetween('2026-11-07', '2026-11-01'), 0);
  assert.equal(pb.utcToday(Date.parse('2026-11-20T23:59:00Z')), '2026-11-20');
  assert.equal(pb.parseDay('2026-11-20'), '2026-11-20');
  assert.equal(pb.parseDay('2026-13-45'), null);
  assert.equal(pb.parseDay('yesterday'), null);
  assert.equal(pb.km(12345), '12.3');
  assert.equal(pb.dayColor(0), pb.dayColor(10));
  assert.notEqual(pb.dayColor(0), pb.dayColor(1));
});

test('rangeProblem: a vehicle when asked, both days, in order, not after today, at most 366 days', () => {
  const today = pb.utcToday();
  const v = { id: 1, plate: 'A' };
  assert.equal(range.rangeProblem({ vehicle: null, from: today, to: today }, true), 'vehicle');
  assert.equal(range.rangeProblem({ vehicle: null, from: today, to: today }, false), null);
  assert.equal(range.rangeProblem({ vehicle: v, from: '', to: today }, true), 'day');
  assert.equal(range.rangeProblem({ vehicle: v, from: today, to: pb.addDays(today, -1) }, true), 'order');
  assert.equal(range.rangeProblem({ vehicle: v, from: today, to: pb.addDays(today, 1) }, true), 'future');
  assert.equal(range.rangeProblem({ vehicle: v, from: pb.addDays(today, -366), to: today }, true), 'tooLong');
  assert.equal(range.rangeProblem({ vehicle: v, from: pb.addDays(today, -365), to: today }, true), null);
});

test('formatDuration: hours past a day, never negative', () => {
  assert.equal(format.formatDuration(3725), '1:02:05');
  assert.equal(format.formatDuration(90000), '25:00:00');
  assert.equal(format.formatDuration(-5), '0:00:00');
});
