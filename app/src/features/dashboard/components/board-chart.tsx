/**
 * One chart of a board: its numbers read by useBoardChart, drawn by FleetChart, with the same numbers as a table. A
 * chart whose measure or grouping no call serves yet, or whose range holds no finished day, says so instead.
 */
import { useTranslation } from 'react-i18next';

import type { Measure } from '@/lib/api-types';
import { boardSpec } from '../model';
import type { BoardChart as Chart } from '../types';
import { FleetChart } from './fleet-chart';
import { useBoardLabels } from './use-board-labels';
import { useBoardChart } from './use-board-chart';
import { useDashboardLabels } from './use-labels';

export function BoardChartBody({ chart, today, className, tableOpen }: { chart: Chart; today: string; className?: string; tableOpen?: boolean }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const board = useBoardLabels();
  const { source, from, to, finished, query } = useBoardChart(chart, today);
  if (source.call === 'none') {
    const what = source.missing === 'kind' ? board.kind(chart.kind) : source.missing === 'measure' ? board.measure(chart.measure) : board.grouping(chart.grouping);
    return (
      <p className="grid min-h-40 place-items-center px-4 text-center text-sm text-slate-500" data-testid="chart-unserved">
        {t('board.unserved', { what })}
      </p>
    );
  }
  if (!finished) {
    return (
      <p className="grid min-h-40 place-items-center px-4 text-center text-sm text-slate-500" data-testid="chart-unfinished">
        {t('board.unfinished')}
      </p>
    );
  }
  const pointLabel = (label: string) =>
    chart.grouping === 'alarmKind' ? labels.kindLabel(label) : chart.grouping === 'alarmLevel' ? t(`level.${label === 'critical' ? 'critical' : 'warning'}`) : label;
  const spec = query.data ? boardSpec(chart, source, query.data, { measure: (m: Measure) => `${labels.measure(m)} (${labels.unit(m)})`, point: pointLabel }) : null;
  return (
    <FleetChart
      spec={spec}
      loading={query.isPending}
      error={query.isError}
      onRetry={() => void query.refetch()}
      caption={`${chart.title} · ${from} – ${to}`}
      label={board.grouping(chart.grouping)}
      className={className ?? 'h-60'}
      tableOpen={tableOpen}
    />
  );
}
