// The project and plan screens' pure rules (src/features/work/plans.ts): project stages and paths, the calendar's days
// in the browser's zone, moving a planned time to another day, and notice-plan schedules kept in UTC. The browser's
// zone is Shanghai here (UTC+8, no daylight saving), so the conversions show.
process.env.TZ = 'Asia/Shanghai';

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const p = await load('src/features/work/plans.ts');

test('project stages have tones; progress fits a bar', () => {
  assert.deepEqual([...p.PROJECT_STATES], [1, 2, 3, 4]);
  assert.equal(p.projectStateTone(1), 'amber');
  assert.equal(p.projectStateTone(2), 'blue');
  assert.equal(p.projectStateTone(3), 'green');
  assert.equal(p.projectStateTone(4), 'slate');
  assert.equal(p.progressWidth(42.4), 42);
  assert.equal(p.progressWidth(140), 100);
  assert.equal(p.progressWidth(-3), 0);
  assert.equal(p.progressWidth(Number.NaN), 0);
});

test("a project's detail path uses the route's :id, else the query; the id comes back from either", () => {
  assert.equal(p.projectPath('/project/projectManage', 7), '/project/projectManage?id=7');
  assert.equal(p.projectPath('/project/projectManage/:id', 7), '/project/projectManage/7');
  assert.equal(p.projectIdFrom({ id: '12' }, ''), 12);
  assert.equal(p.projectIdFrom({}, '?id=9'), 9);
  assert.equal(p.projectIdFrom(undefined, '?id=9&x=1'), 9);
  assert.equal(p.projectIdFrom({}, ''), null);
  assert.equal(p.projectIdFrom({}, '?id=abc'), null);
  assert.equal(p.projectIdFrom({}, '?id=0'), null);
});

test('days are local: an evening in UTC is the next morning in Shanghai', () => {
  assert.equal(p.dayOf('2026-11-30T17:30:00Z'), '2026-12-01');
  assert.equal(p.timeOf('2026-11-30T17:30:00Z'), '01:30');
  assert.equal(p.dayOf(null), null);
  assert.equal(p.dayOf('garbage'), null);
  assert.equal(p.timeOf(''), '');
  assert.equal(p.localDay(new Date(2026, 0, 5)), '2026-01-05');
  assert.equal(p.parseDay('2026-02-30'), null);
  assert.equal(p.parseDay('2026-2-3'), null);
  assert.equal(p.localDay(p.parseDay('2026-02-28')), '2026-02-28');
});

test('a month grid is whole weeks from Monday', () => {
  // November 2026 starts on a Sunday and ends on a Monday
  const nov = p.monthGrid({ year: 2026, month: 10 });
  assert.equal(nov.length % 7, 0);
  assert.equal(nov[0], '2026-10-26');
  assert.equal(nov[6], '2026-11-01');
  assert.equal(nov.at(-1), '2026-12-06');
  assert.equal(nov.length, 42);
  // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks
  const feb = p.monthGrid({ year: 2027, month: 1 });
  assert.deepEqual([feb[0], feb.at(-1), feb.length], ['2027-02-01', '2027-02-28', 28]);
  assert.equal(p.monthDays({ year: 2028, month: 1 }).length, 29);
  assert.ok(p.inMonth('2026-11-30', { year: 2026, month: 10 }));
  assert.ok(!p.inMonth('2026-12-01', { year: 2026, month: 10 }));
  assert.deepEqual(p.addMonths({ year: 2026, month: 11 }, 1), { year: 2027, month: 0 });
  assert.deepEqual(p.addMonths({ year: 2026, month: 0 }, -1), { year: 2025, month: 11 });
  assert.deepEqual(p.monthOf(new Date(2026, 4, 31)), { year: 2026, month: 4 });
});

test("a month's grid is asked for with a day of margin each side; day arithmetic crosses months and years", () => {
  // November 2026's grid runs 2026-10-26 … 2026-12-06
  assert.deepEqual(p.plannedRange({ year: 2026, month: 10 }), { plannedFrom: '2026-10-25', plannedTo: '2026-12-07' });
  // February 2027's grid is exactly its own four weeks
  assert.deepEqual(p.plannedRange({ year: 2027, month: 1 }), { plannedFrom: '2027-01-31', plannedTo: '2027-03-01' });
  assert.equal(p.addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(p.addDays('2028-03-01', -1), '2028-02-29');
  assert.equal(p.addDays('2026-02-30', 1), null);
});

test('moving to another day keeps the local time of day; unplanned items start at the default time', () => {
  // planned 2026-12-01 10:15 local → 2026-12-04 10:15 local
  assert.equal(p.plannedOn('2026-12-04', '2026-12-01T02:15:00Z'), '2026-12-04T02:15:00.000Z');
  // 01:30 local on the 1st (17:30 UTC the day before) → the 3rd at 01:30 local
  assert.equal(p.plannedOn('2026-12-03', '2026-11-30T17:30:00Z'), '2026-12-02T17:30:00.000Z');
  assert.equal(p.plannedOn('2026-12-04', null), '2026-12-04T01:00:00.000Z');
  assert.equal(p.plannedOn('2026-12-04', undefined, '14:00'), '2026-12-04T06:00:00.000Z');
  assert.equal(p.plannedOn('not a day', null), null);
});

test('items group by their local day, in time order, unplanned ones left out', () => {
  const items = [
    { id: 1, at: '2026-12-01T05:00:00Z' },
    { id: 2, at: null },
    { id: 3, at: '2026-11-30T23:00:00Z' },
    { id: 4, at: '2026-12-02T01:00:00Z' },
  ];
  const days = p.groupByDay(items, (i) => i.at);
  assert.deepEqual([...days.keys()], ['2026-12-01', '2026-12-02']);
  assert.deepEqual(days.get('2026-12-01').map((i) => i.id), [3, 1]);
});

test('schedules are entered locally and kept in UTC, both ways', () => {
  assert.deepEqual(p.scheduleToUtc({ day: '2026-12-01', time: '06:30' }), { day: '2026-11-30', time: '22:30' });
  assert.deepEqual(p.scheduleToUtc({ day: '2026-12-01', time: '' }), { day: '2026-11-30', time: '16:00' });
  assert.deepEqual(p.scheduleToUtc({ day: '2026-12-01', time: '12:00' }), { day: '2026-12-01', time: '04:00' });
  assert.equal(p.scheduleToUtc({ day: '', time: '06:30' }), null);
  assert.equal(p.scheduleToUtc({ day: '2026-12-01', time: '25:00' }), null);
  assert.deepEqual(p.scheduleFromUtc('2026-11-30', '22:30'), { day: '2026-12-01', time: '06:30' });
  assert.deepEqual(p.scheduleFromUtc('2026-12-01', null), { day: '2026-12-01', time: '08:00' });
  assert.deepEqual(p.scheduleFromUtc(null, '01:00'), { day: '', time: '' });
});

test("a notice plan's vehicles pair with their plates; a vehicle gone shows by id", () => {
  assert.deepEqual(p.informPlates({ vehicleIds: [3, 5, 8], plates: ['沪A1', '', '沪B2'] }), [
    { vehicleId: 3, plate: '沪A1' },
    { vehicleId: 5, plate: '#5' },
    { vehicleId: 8, plate: '沪B2' },
  ]);
  assert.deepEqual(p.informPlates({ vehicleIds: [4], plates: [] }), [{ vehicleId: 4, plate: '#4' }]);
});
