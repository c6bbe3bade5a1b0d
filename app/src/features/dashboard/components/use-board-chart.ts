/**
 * The numbers of one board chart, read from the fleet-report calls its measure and grouping need (model.boardSource):
 * `chart_data` for most, `alarm_pie_chart` for alarm levels, `ship_list` for vehicle rankings, `analysis_table` for
 * enterprise rankings and, per ranked enterprise, `chart_data` by day for enterprise × day. Nothing is asked when no
 * call serves the chart yet or its range has no finished day.
 */
import { useQuery } from '@tanstack/react-query';

import { eachDay } from '@/lib/days';
import type { FleetPeriod } from '@/lib/api-types';
import { getAlarmKinds } from '../api/get-alarm-kinds';
import { getChartData } from '../api/get-chart-data';
import { getEnterpriseFigures } from '../api/get-enterprise-figures';
import { getVehicleFigures } from '../api/get-vehicle-figures';
import { boardsKey } from '../api/keys';
import { boardSource, chartPeriod, fillPoints, levelPoints, topEnterprises, type BoardData, type BoardSource } from '../model';
import type { BoardChart } from '../types';

async function loadBoardData(source: BoardSource, base: FleetPeriod, signal: AbortSignal): Promise<BoardData> {
  switch (source.call) {
    case 'chartData': {
      const points = await getChartData({ ...base, measure: source.measure, grouping: source.grouping }, signal);
      return { type: 'points', points: source.grouping === 'day' ? fillPoints(points, eachDay(base.startDate, base.endDate), source.measure) : points };
    }
    case 'alarmLevels':
      return { type: 'points', points: levelPoints(await getAlarmKinds(base, signal), source.critical ? 'critical' : 'both') };
    case 'criticalByKind':
      return { type: 'points', points: (await getAlarmKinds(base, signal)).map((k) => ({ label: String(k.key), value: k.critical })) };
    case 'vehicles':
      return { type: 'vehicles', rows: (await getVehicleFigures({ ...base, sort: source.sort, page: 1, pageSize: source.topN }, signal)).list };
    case 'enterprises':
      return { type: 'enterprises', rows: topEnterprises(await getEnterpriseFigures(base, signal), source.measure, source.topN) };
    case 'enterpriseDays': {
      const top = topEnterprises(await getEnterpriseFigures(base, signal), source.measure, source.topN);
      const rows = await Promise.all(
        top.map(async (e) => ({ name: e.name, points: await getChartData({ ...base, enterpriseId: e.enterpriseId, measure: source.measure, grouping: 'day' }, signal) })),
      );
      return { type: 'enterpriseDays', days: eachDay(base.startDate, base.endDate), rows };
    }
    case 'none':
      throw new Error('no call serves this chart');
  }
}

export function useBoardChart(chart: BoardChart, today: string) {
  const source = boardSource(chart);
  const { from, to } = chartPeriod(chart, today);
  const finished = to < today && from <= to;
  const base: FleetPeriod = { startDate: from, endDate: to, enterpriseId: chart.enterpriseId ?? undefined };
  const query = useQuery({
    queryKey: [...boardsKey, 'data', source, base],
    queryFn: ({ signal }) => loadBoardData(source, base, signal),
    enabled: source.call !== 'none' && finished,
  });
  return { source, from, to, finished, query };
}
