import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const m = await load('src/features/dashboard/model.ts');
const days = await load('src/lib/days.ts');

const TODAY = '2026-11-27';
const query = (q) => ({ get: (name) => new URLSearchParams(q).get(name) });

test('periods are finished days: the last n end yesterday; ranges are checked', () => {
  assert.deepEqual(m.lastDays(7, TODAY), { from: '2026-11-20', to: '2026-11-26', preset: 7 });
  assert.deepEqual(m.lastDays(30, TODAY), { from: '2026-10-28', to: '2026-11-26', preset: 30 });
  assert.equal(m.periodProblem('2026-11-01', '2026-11-26', TODAY), null);
  assert.equal(m.periodProblem('2026-11-01', TODAY, TODAY), 'unfinished');
  assert.equal(m.periodProblem('2026-11-05', '2026-11-01', TODAY), 'order');
  assert.equal(m.periodProblem('2025-01-01', '2026-11-01', TODAY), 'tooLong');
  assert.equal(m.periodProblem(null, '2026-11-01', TODAY), 'missing');
  // the URL: a preset, a sound range, anything else → the last 7 days
  assert.deepEqual(m.periodFromQuery(query('days=90'), TODAY), m.lastDays(90, TODAY));
  assert.deepEqual(m.periodFromQuery(query('from=2026-10-01&to=2026-10-31'), TODAY), { from: '2026-10-01', to: '2026-10-31', preset: null });
  assert.deepEqual(m.periodFromQuery(query('from=2026-10-01&to=2026-11-27'), TODAY), m.lastDays(7, TODAY));
  assert.deepEqual(m.periodFromQuery(query('days=12'), TODAY), m.lastDays(7, TODAY));
  assert.deepEqual(m.periodQuery(m.lastDays(30, TODAY)), { days: '30' });
  assert.deepEqual(m.periodQuery({ from: 'a', to: 'b', preset: null }), { from: 'a', to: 'b' });
  assert.deepEqual(days.eachDay('2026-02-27', '2026-03-01'), ['2026-02-27', '2026-02-28', '2026-03-01']);
});

test('the trend fills the days without data; figures by measure; change in per cent', () => {
  const filled = m.fillDays([{ ...m.NO_FIGURES, day: '2026-11-21', km: 12.5, drivingSeconds: 7200, maxTyreTemp: 80 }], '2026-11-20', '2026-11-22');
  assert.deepEqual(filled.map((d) => d.day), ['2026-11-20', '2026-11-21', '2026-11-22']);
  assert.deepEqual(filled.map((d) => m.figureOf(d, 'km')), [0, 12.5, 0]);
  assert.deepEqual(filled.map((d) => m.figureOf(d, 'maxTyreTemp')), [null, 80, null], 'an extreme of no day is none, not zero');
  assert.equal(m.figureOf(filled[1], 'drivingHours'), 2);
  assert.equal(m.changePct(150, 100), 50);
  assert.equal(m.changePct(50, 100), -50);
  assert.equal(m.changePct(5, 0), null);
  assert.equal(m.changePct(null, 3), null);
  assert.equal(m.combine([3, null, 4], 'sum'), 7);
  assert.equal(m.combine([3, null, 4], 'max'), 4);
  assert.equal(m.combine([null], 'min'), null);
  assert.equal(m.formatFigure(5, 'minPressure'), '5.00');
  assert.equal(m.formatFigure(null, 'km'), '–');
});

test('alarm specs: 24 hours stacked by level; kinds as a pie without empty slices', () => {
  const spec = m.hourSpec([{ key: 8, warning: 2, critical: 1, total: 3 }], { warning: 'W', critical: 'C' });
  assert.equal(spec.categories.length, 24);
  assert.equal(spec.categories[8], '08:00');
  assert.deepEqual(spec.series.map((s) => s.values[8]), [2, 1]);
  assert.deepEqual(spec.series.map((s) => s.stack), ['level', 'level']);
  const pie = m.kindSpec([{ key: 2, warning: 1, critical: 0, total: 1 }, { key: 3, warning: 0, critical: 0, total: 0 }], (k) => `kind ${k}`, 'alarms');
  assert.deepEqual(pie.slices, [{ name: 'kind 2', value: 1 }]);
  assert.equal(m.specIsEmpty(pie), false);
  assert.equal(m.specIsEmpty({ family: 'radial', variant: 'pie', slices: [] }), true);
});

test('every chart offers its numbers as a table', () => {
  const bar = { family: 'cartesian', variant: 'bar', categories: ['a', 'b'], series: [{ name: 'km', values: [1.25, null] }] };
  assert.deepEqual(m.specTable(bar, 'day'), { head: ['day', 'km'], rows: [['a', '1.3'], ['b', '–']] });
  const scatter = { family: 'cartesian', variant: 'scatter', xName: 'km', yName: 'alarms', points: [{ name: 'A1', x: 10, y: 2 }] };
  assert.deepEqual(m.specTable(scatter, 'vehicle').rows, [['A1', '10', '2']]);
  const heat = { family: 'heatmap', xs: ['d1', 'd2'], ys: ['E'], cells: [[1, 0, 4]] };
  assert.deepEqual(m.specTable(heat, 'enterprise'), { head: ['enterprise', 'd1', 'd2'], rows: [['E', '0', '4']] });
  const race = { family: 'cartesian', variant: 'barRace', frames: [{ label: 'd1', bars: [{ name: 'E', value: 1 }] }, { label: 'd2', bars: [{ name: 'E', value: 3 }] }] };
  assert.deepEqual(m.specTable(race, 'day').rows, [['d1', '1'], ['d2', '3']]);
});

test('board charts: the call that serves each measure and grouping, or what none serves yet', () => {
  const chart = (kind, measure, grouping, extra = {}) => ({ kind, measure, grouping, secondMeasure: null, topN: null, ...extra });
  assert.deepEqual(m.boardSource(chart('bar', 'distanceKm', 'day')), { call: 'chartData', measure: 'km', grouping: 'day', fold: false });
  assert.deepEqual(m.boardSource(chart('gauge', 'maxTyreTemp', 'none')), { call: 'chartData', measure: 'maxTyreTemp', grouping: 'month', fold: true });
  assert.deepEqual(m.boardSource(chart('pie', 'alarms', 'alarmLevel')), { call: 'alarmLevels', critical: false });
  assert.deepEqual(m.boardSource(chart('pie', 'criticalAlarms', 'alarmKind')), { call: 'criticalByKind' });
  assert.deepEqual(m.boardSource(chart('bar', 'drivingHours', 'vehicle', { topN: 5 })), { call: 'vehicles', measure: 'drivingHours', second: null, sort: 'drivingSeconds', topN: 5 });
  assert.deepEqual(m.boardSource(chart('scatter', 'distanceKm', 'enterprise', { secondMeasure: 'alarms' })), { call: 'enterprises', measure: 'km', second: 'alarms', topN: 10 });
  assert.deepEqual(m.boardSource(chart('heatmap', 'alarms', 'enterpriseDay')), { call: 'enterpriseDays', measure: 'alarms', topN: 10 });
  assert.deepEqual(m.boardSource(chart('map', 'distanceKm', 'region')), { call: 'none', missing: 'kind' });
  assert.deepEqual(m.boardSource(chart('bar', 'workOrders', 'day')), { call: 'none', missing: 'measure' });
  assert.deepEqual(m.boardSource(chart('heatmap', 'distanceKm', 'vehicleDay')), { call: 'none', missing: 'grouping' });
  assert.deepEqual(m.boardSource(chart('bar', 'distanceKm', 'alarmKind')), { call: 'none', missing: 'grouping' });
  assert.deepEqual(m.boardSource(chart('bar', 'minPressure', 'vehicle')), { call: 'none', missing: 'grouping' });
  assert.deepEqual(m.boardSource(chart('scatter', 'distanceKm', 'vehicle')), { call: 'none', missing: 'measure' }, 'scatter needs its second measure');
  assert.equal(m.familyOf('barRace'), 'cartesian');
  assert.equal(m.familyOf('gauge'), 'radial');
  assert.equal(m.familyOf('map'), null);
});

test('board ranges resolve to finished days', () => {
  const of = (range, extra = {}) => m.chartPeriod({ range, startDate: null, endDate: null, ...extra }, TODAY);
  assert.deepEqual(of('yesterday'), { from: '2026-11-26', to: '2026-11-26' });
  assert.deepEqual(of('last7Days'), { from: '2026-11-20', to: '2026-11-26' });
  assert.deepEqual(of('last30Days'), { from: '2026-10-28', to: '2026-11-26' });
  assert.deepEqual(of('thisMonth'), { from: '2026-11-01', to: '2026-11-26' });
  assert.deepEqual(of('lastMonth'), { from: '2026-10-01', to: '2026-10-31' });
  assert.deepEqual(of('thisYear'), { from: '2026-01-01', to: '2026-11-26' });
  assert.deepEqual(of('today'), { from: TODAY, to: TODAY });
  assert.deepEqual(of('custom', { startDate: '2026-03-01', endDate: '2026-03-05' }), { from: '2026-03-01', to: '2026-03-05' });
  assert.deepEqual(m.chartPeriod({ range: 'thisMonth' }, '2026-12-01'), { from: '2026-12-01', to: '2026-12-01' }, 'the 1st: nothing finished yet');
});

test('board specs: points, a gauge folding them, rankings, enterprise × day as heat map and bar race', () => {
  const labels = { measure: (x) => x, point: (l) => `<${l}>` };
  const points = { type: 'points', points: [{ label: '2026-11', value: 3 }, { label: '2026-10', value: 4 }] };
  const bar = m.boardSpec({ kind: 'bar', title: 'T' }, { call: 'chartData', measure: 'km', grouping: 'month', fold: false }, points, labels);
  assert.deepEqual(bar.categories, ['<2026-11>', '<2026-10>']);
  const gauge = m.boardSpec({ kind: 'gauge', title: 'T' }, { call: 'chartData', measure: 'maxTyreTemp', grouping: 'month', fold: true }, points, labels);
  assert.deepEqual(gauge.slices, [{ name: 'maxTyreTemp', value: 4 }], 'an extreme keeps the extreme');
  assert.deepEqual(m.specTable(gauge, 'x').head, ['x', 'maxTyreTemp']);
  assert.equal(gauge.max, 5);
  const sum = m.boardSpec({ kind: 'gauge', title: 'T' }, { call: 'chartData', measure: 'km', grouping: 'month', fold: true }, points, labels);
  assert.equal(sum.slices[0].value, 7);
  const vehicle = (plate, km, alarms) => ({ vehicleId: 1, plate, days: 1, km, drivingSeconds: 0, fixes: 0, offlineSeconds: 0, alarms });
  const scatter = m.boardSpec({ kind: 'scatter', title: 'T' }, { call: 'vehicles', measure: 'km', second: 'alarms', sort: 'km', topN: 10 }, { type: 'vehicles', rows: [vehicle('A', 10, 2), vehicle('B', 5, 0)] }, labels);
  assert.deepEqual(scatter.points, [{ name: 'A', x: 10, y: 2 }, { name: 'B', x: 5, y: 0 }]);
  const rows = [
    { name: 'E1', points: [{ label: 'd1', value: 1 }, { label: 'd2', value: 2 }] },
    { name: 'E2', points: [{ label: 'd2', value: 5 }] },
  ];
  const heat = m.boardSpec({ kind: 'heatmap', title: 'T' }, { call: 'enterpriseDays', measure: 'km', topN: 2 }, { type: 'enterpriseDays', days: ['d1', 'd2'], rows }, labels);
  assert.deepEqual(heat.cells, [[0, 0, 1], [1, 0, 2], [0, 1, 0], [1, 1, 5]]);
  const race = m.boardSpec({ kind: 'barRace', title: 'T' }, { call: 'enterpriseDays', measure: 'km', topN: 2 }, { type: 'enterpriseDays', days: ['d1', 'd2'], rows }, labels);
  assert.deepEqual(race.frames.map((f) => f.bars.map((b) => b.value)), [[1, 0], [3, 5]], 'running totals per day');
  assert.deepEqual(m.levelPoints([{ key: 1, warning: 2, critical: 1, total: 3 }, { key: 2, warning: 0, critical: 4, total: 4 }], 'both'), [{ label: 'warning', value: 2 }, { label: 'critical', value: 5 }]);
  assert.deepEqual(m.topEnterprises([{ name: 'a', km: 1, minPressure: 7 }, { name: 'b', km: 3, minPressure: 6 }], 'minPressure', 1).map((e) => e.name), ['b']);
});

test('days without data in a daily sum are zero; an extreme stays absent', () => {
  const pts = [{ label: '2026-11-21', value: 4 }];
  assert.deepEqual(m.fillPoints(pts, ['2026-11-20', '2026-11-21'], 'km'), [{ label: '2026-11-20', value: 0 }, { label: '2026-11-21', value: 4 }]);
  assert.deepEqual(m.fillPoints(pts, ['2026-11-20', '2026-11-21'], 'maxTyreTemp'), pts);
  const labels = { measure: (x) => x, point: (l) => l };
  const levels = m.boardSpec({ kind: 'pie', title: 'T' }, { call: 'alarmLevels', critical: false }, { type: 'points', points: m.levelPoints([{ key: 1, warning: 1, critical: 2, total: 3 }], 'both') }, labels);
  assert.deepEqual(levels.slices.map((s) => s.color), [m.LEVEL_COLORS.warning, m.LEVEL_COLORS.critical]);
});

test('moving a chart on a board', () => {
  assert.deepEqual(m.moveItem(['a', 'b', 'c'], 0, 2), ['b', 'c', 'a']);
  assert.deepEqual(m.moveItem(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
  assert.deepEqual(m.moveItem(['a', 'b'], 0, 5), ['a', 'b']);
  assert.equal(m.gaugeMax(0), 100);
  assert.equal(m.gaugeMax(93), 200);
  assert.equal(m.gaugeMax(1332.6), 2000);
});

test('the fleet’s map cells: coloured by their share of vehicles with an alarm, edges named to the cell size', () => {
  assert.deepEqual(m.CELL_SIZES, [0.1, 0.5, 1, 2]);
  const color = (alarm, all) => m.alarmColor({ alarm, all });
  assert.equal(color(0, 5), '#16a34a');
  assert.equal(color(1, 4), '#ca8a04');
  assert.equal(color(2, 5), '#ea580c');
  assert.equal(color(1, 2), '#ea580c');
  assert.equal(color(3, 4), '#dc2626');
  assert.equal(color(0, 0), '#16a34a', 'an empty cell has no alarm share');
  assert.equal(m.alarmShare({ alarm: 1, all: 4 }), 0.25);
  assert.equal(m.cellId({ south: 22.5, west: 113.9 }), 'cell:22.5:113.9');
  // the server's edges are float sums: named to the decimals of the size, with their hemisphere
  assert.equal(m.degrees(22.700000000000003, 'lat', 0.1), '22.7°N');
  assert.equal(m.degrees(114, 'lon', 1), '114°E');
  assert.equal(m.degrees(-33.5, 'lat', 0.5), '33.5°S');
  assert.equal(m.degrees(-70, 'lon', 2), '70°W');
  assert.equal(m.degrees(-0.0000001, 'lat', 0.1), '0.0°');
  assert.equal(m.degrees(0, 'lon', 1), '0°');
});

test('a date field as the instant its UTC day starts, or the next day starts; nothing for no day', () => {
  assert.equal(days.dayStartIso('2026-11-21'), '2026-11-21T00:00:00.000Z');
  assert.equal(days.dayStartIso('2026-11-30', true), '2026-12-01T00:00:00.000Z');
  assert.equal(days.dayStartIso(''), undefined);
  assert.equal(days.dayStartIso('21/11/2026'), undefined);
});
