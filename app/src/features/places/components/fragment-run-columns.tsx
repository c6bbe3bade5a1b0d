/** The columns of a fragment run (the generator's results and the generation log). */
import type { TFunction } from 'i18next';

import type { Column } from '@/components/crud/data-table';
import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import type { FragmentRun, RunState } from '../types';

const STATES = {
  1: { tone: 'blue', key: 'runs.stateOf.running' },
  2: { tone: 'green', key: 'runs.stateOf.done' },
  3: { tone: 'red', key: 'runs.stateOf.failed' },
  4: { tone: 'amber', key: 'runs.stateOf.cancelled' },
} as const satisfies Record<RunState, { tone: string; key: string }>;

/** How long a finished run took, in seconds. */
function duration(run: FragmentRun): string {
  return run.finishedAt ? `${((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000).toFixed(1)} s` : '—';
}

export function fragmentRunColumns(t: TFunction<'places'>): Column<FragmentRun>[] {
  return [
    { key: 'started', header: t('runs.started'), primary: true, cell: (r) => formatDateTime(r.startedAt) },
    { key: 'who', header: t('runs.who'), cell: (r) => `#${String(r.createdBy)}` },
    { key: 'vehicles', header: t('runs.vehicles'), cell: (r) => (typeof r.vehicleId === 'number' ? `#${String(r.vehicleId)}` : t('runs.allVehicles', { count: r.vehicles })) },
    { key: 'days', header: t('runs.days'), cell: (r) => (r.startDay === r.endDay ? r.startDay : `${r.startDay} – ${r.endDay}`) },
    { key: 'built', header: t('runs.built'), align: 'right', cell: (r) => `${r.built.toLocaleString()} / ${r.days.toLocaleString()}` },
    {
      key: 'state',
      header: t('runs.state'),
      // a failed run's reason is read where its state is, not only on hover
      cell: (r) => (
        <span className="inline-flex flex-col items-start gap-1" data-testid="run-state" data-state={r.state}>
          <Badge tone={STATES[r.state].tone}>{t(STATES[r.state].key)}</Badge>
          {r.error ? <span className="text-xs text-red-700">{r.error}</span> : null}
        </span>
      ),
    },
    { key: 'duration', header: t('runs.duration'), align: 'right', cell: (r) => duration(r) },
  ];
}
