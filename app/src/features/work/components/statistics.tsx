/**
 * The statistics header of all orders (`statistics` over the opening range): total, overdue vs on time, mean time to
 * first response and to resolution, and the counts by state, type, grade and assignee. Every count opens the orders
 * behind it (`details_list`).
 */
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { Cell, Dimension } from '@/lib/api-types';
import { useStatistics } from '../api/get-statistics';
import { formatDuration, percent } from '../model';
import { useWorkLabels } from './badges';

export interface Drill {
  dimension: Dimension;
  value?: number;
  label: string;
}

export function StatisticsHeader({ from, to, onDrill }: { from: string; to: string; onDrill: (d: Drill) => void }) {
  const { t } = useTranslation('work');
  const labels = useWorkLabels();
  const stats = useStatistics({ from, to });
  const units = { d: t('stats.unitD'), h: t('stats.unitH'), m: t('stats.unitM'), s: t('stats.unitS') };
  if (stats.isPending) return <LoadingState />;
  if (stats.isError) return <ErrorState message={t('stats.loadFailed')} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const name = (dim: Dimension, c: Cell) => {
    if (dim === 'state') return labels.state(c.key);
    if (dim === 'grade') return labels.grade(c.key);
    if (dim === 'assignee' && c.key === 0) return t('people.nobody');
    return c.name;
  };
  const groups: { dim: Dimension; title: string; cells: Cell[] }[] = [
    { dim: 'state', title: t('stats.byState'), cells: s.byState },
    { dim: 'type', title: t('stats.byType'), cells: s.byType },
    { dim: 'grade', title: t('stats.byGrade'), cells: s.byGrade },
    { dim: 'assignee', title: t('stats.byAssignee'), cells: s.byAssignee },
  ];
  const ended = s.overdue + s.onTime;
  return (
    <div className="space-y-4" data-testid="work-statistics">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Kpi label={t('stats.total')} value={String(s.total)} testId="stat-total" />
        <Kpi label={t('stats.overdue')} value={`${String(s.overdue)} (${String(percent(s.overdue, ended))}%)`} onClick={() => { onDrill({ dimension: 'overdue', label: t('stats.overdue') }); }} tone="red" />
        <Kpi label={t('stats.onTime')} value={`${String(s.onTime)} (${String(percent(s.onTime, ended))}%)`} onClick={() => { onDrill({ dimension: 'onTime', label: t('stats.onTime') }); }} tone="green" />
        <Kpi label={t('stats.meanFirstResponse')} value={formatDuration(s.meanFirstResponseSecs, units)} />
        <Kpi label={t('stats.meanResolution')} value={formatDuration(s.meanResolutionSecs, units)} />
      </div>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        {groups.map((g) => (
          <Panel key={g.dim} title={g.title}>
            {g.cells.length === 0 ? (
              <p className="p-4 text-sm text-slate-500">{t('stats.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {g.cells.map((c) => (
                  <li key={c.key}>
                    <button
                      type="button"
                      className="flex min-h-10 w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-50"
                      onClick={() => { onDrill({ dimension: g.dim, value: c.key, label: `${g.title}: ${name(g.dim, c)}` }); }}
                    >
                      <span className="min-w-0 flex-1 truncate">{name(g.dim, c)}</span>
                      <span className="h-1.5 w-16 overflow-hidden rounded bg-slate-100" aria-hidden="true">
                        <span className="bg-accent block h-full" style={{ width: `${String(percent(c.count, s.total))}%` }} />
                      </span>
                      <span className="w-8 text-right font-medium tabular-nums">{c.count}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ))}
      </div>
    </div>
  );
}

function Kpi({ label, value, onClick, tone, testId }: { label: string; value: string; onClick?: () => void; tone?: 'red' | 'green'; testId?: string }) {
  const body = (
    <>
      <span className="block text-xs text-slate-500">{label}</span>
      <span className={`mt-1 block text-xl font-semibold tabular-nums ${tone === 'red' ? 'text-red-600' : tone === 'green' ? 'text-emerald-600' : 'text-slate-900'}`} data-testid={testId}>
        {value}
      </span>
    </>
  );
  const cls = 'rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200';
  return onClick ? (
    <button type="button" className={`${cls} hover:ring-accent`} onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className={cls}>{body}</div>
  );
}
