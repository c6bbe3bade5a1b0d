/** The columns of a fragment run (the generator's results and the generation log). */
import type { TFunction } from 'i18next';

import type { Column } from '@/components/crud/data-table';
import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import type { FragmentRun } from '../types';

const STATES = {
  done: { tone: 'green', key: 'runs.stateOf.done' },
  failed: { tone: 'red', key: 'runs.stateOf.failed' },
  cancelled: { tone: 'amber', key: 'runs.stateOf.cancelled' },
  running: { tone: 'blue', key: 'runs.stateOf.running' },
} as const;

function stateOf(state: string) {
  return state in STATES ? STATES[state as keyof typeof STATES] : null;
}

function seconds(ms: number | null | undefined): string {
  return typeof ms === 'number' ? `${(ms / 1000).toFixed(1)} s` : '—';
}

export function fragmentRunColumns(t: TFunction<'places'>): Column<FragmentRun>[] {
  return [
    { key: 'started', header: t('runs.started'), primary: true, cell: (r) => formatDateTime(r.startedAt) },
    { key: 'who', header: t('runs.who'), cell: (r) => r.userName ?? '—' },
    { key: 'vehicles', header: t('runs.vehicles'), cell: (r) => r.plate ?? (r.vehicleId ? `#${String(r.vehicleId)}` : t('runs.allVehicles', { count: r.vehicles ?? 0 })) },
    { key: 'days', header: t('runs.days'), cell: (r) => (r.start === r.end ? r.start : `${r.start} – ${r.end}`) },
    { key: 'built', header: t('runs.built'), align: 'right', cell: (r) => (r.built ?? 0).toLocaleString() },
    {
      key: 'state',
      header: t('runs.state'),
      cell: (r) => {
        const known = stateOf(r.state);
        return (
          <span title={r.error ?? undefined}>
            <Badge tone={known?.tone ?? 'slate'}>{known ? t(known.key) : r.state}</Badge>
          </span>
        );
      },
    },
    { key: 'duration', header: t('runs.duration'), align: 'right', cell: (r) => seconds(r.durationMs) },
  ];
}
