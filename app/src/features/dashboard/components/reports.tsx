/**
 * The periodic fleet reports (`/dataReport/analysis_detail`): the day, the week (Monday to Sunday) or the month holding
 * a chosen day, against the period before it (change in per cent), its trend, alarms by kind and its enterprises. The
 * page prints on its own (the console's frame and the controls are left out of print).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/fields';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { addDays, parseDay } from '@/lib/days';
import type { Cadence, Measure, ReportFormat } from '@/lib/api-types';
import { usePeriodicReport } from '../api/get-periodic-report';
import { downloadPeriodicFile } from '../api/periodic-file';
import { figureOf, fillDays, hasFigures, kindSpec, lastFinishedDay, type CartesianSpec } from '../model';
import { FigureTiles } from './figure-tiles';
import { FleetChart } from './fleet-chart';
import { EnterpriseTable } from './overview';
import { ReportSubscriptions } from './report-subscriptions';
import { useDashboardLabels } from './use-labels';

const CADENCES: readonly Cadence[] = ['daily', 'weekly', 'monthly'];

/** A day of the period before or after the one holding `day`. */
function shiftPeriod(cadence: Cadence, start: string, end: string, step: -1 | 1): string {
  if (cadence === 'monthly') return step < 0 ? addDays(start, -1) : addDays(end, 1);
  return addDays(start, step * (cadence === 'weekly' ? 7 : 1));
}

export function Reports({ today, query, onQuery }: { today: string; query: { get: (n: string) => string | null }; onQuery: (q: Record<string, string>) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const id = useId();
  const [fetching, setFetching] = useState<ReportFormat | null>(null);
  const cadence: Cadence = (CADENCES as readonly string[]).includes(query.get('cadence') ?? '') ? (query.get('cadence') as Cadence) : 'weekly';
  const yesterday = lastFinishedDay(today);
  const asked = parseDay(query.get('day'));
  const day = asked && asked <= yesterday ? asked : yesterday;
  const report = usePeriodicReport({ cadence, day });
  const go = (next: { cadence?: Cadence; day?: string }) => {
    onQuery({ cadence: next.cadence ?? cadence, day: next.day ?? day });
  };
  const data = report.data;
  const download = async (format: ReportFormat) => {
    setFetching(format);
    await downloadPeriodicFile({ cadence, day, format }, i18n.language);
    setFetching(null);
  };
  const trendOf = (m: Measure): CartesianSpec | null => {
    if (!data) return null;
    const days = fillDays(data.trend.days, data.startDate, data.endDate < today ? data.endDate : yesterday);
    return { family: 'cartesian', variant: 'bar', categories: days.map((d) => d.day), series: [{ name: `${labels.measure(m)} (${labels.unit(m)})`, values: days.map((d) => figureOf(d, m)) }] };
  };
  return (
    <div className="space-y-4" data-testid="periodic-report">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="text-sm text-slate-700">
          <label className="mb-1 block text-xs text-slate-500" htmlFor={`${id}-cadence`}>
            {t('report.cadence')}
          </label>
          <SelectInput id={`${id}-cadence`} className="w-36" value={cadence} onChange={(e) => { go({ cadence: e.target.value as Cadence }); }}>
            {CADENCES.map((c) => (
              <option key={c} value={c}>
                {t(`report.cadences.${c}`)}
              </option>
            ))}
          </SelectInput>
        </div>
        <div className="text-sm text-slate-700">
          <label className="mb-1 block text-xs text-slate-500" htmlFor={`${id}-day`}>
            {t('report.day')}
          </label>
          <TextInput
            id={`${id}-day`}
            type="date"
            className="w-40"
            value={day}
            max={yesterday}
            onChange={(e) => {
              const d = parseDay(e.target.value);
              if (d && d <= yesterday) go({ day: d });
            }}
          />
        </div>
        <div className="flex gap-1">
          <Button variant="secondary" size="sm" className="h-10" disabled={!data} onClick={() => { if (data) go({ day: shiftPeriod(cadence, data.startDate, data.endDate, -1) }); }}>
            <ChevronLeftIcon className="size-4" />
            {t('report.previous')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="h-10"
            disabled={!data || data.endDate >= yesterday}
            onClick={() => { if (data) go({ day: shiftPeriod(cadence, data.startDate, data.endDate, 1) }); }}
          >
            {t('report.next')}
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
        <Button variant="secondary" size="sm" className="h-10" onClick={() => { window.print(); }} disabled={!data}>
          {t('report.print')}
        </Button>
        <div className="flex gap-1">
          {(['xlsx', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              className="h-10"
              disabled={!data || fetching !== null}
              onClick={() => void download(format)}
              data-testid={`report-download-${format}`}
            >
              {t(`report.download.${format}`)}
            </Button>
          ))}
        </div>
      </div>
      {report.isPending ? (
        <LoadingState className="py-16" />
      ) : report.isError || !data ? (
        <ErrorState message={t('chart.loadFailed')} onRetry={() => void report.refetch()} />
      ) : (
        <article className="space-y-4" data-testid="report-body" data-start={data.startDate} data-end={data.endDate}>
          <header className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0">
            <h3 className="text-base font-semibold text-slate-900">{t(`report.title.${cadence}`, { start: data.startDate, end: data.endDate })}</h3>
            <p className="mt-1 text-sm text-slate-500">
              {t('report.against', { start: data.previousStartDate, end: data.previousEndDate })}
              {data.endDate >= today ? ` ${t('report.unfinished')}` : ''}
            </p>
          </header>
          {!hasFigures(data.trend.total) ? (
            <Panel>
              <p className="p-6 text-center text-sm text-slate-500" data-testid="report-empty">
                {t('report.empty')}
              </p>
            </Panel>
          ) : null}
          <FigureTiles total={data.trend.total} previous={data.previous} testId="report-tiles" />
          {cadence !== 'daily' ? (
            <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2">
              <Panel title={t('report.trendKm')}>
                <div className="p-4">
                  <FleetChart spec={trendOf('km')} caption={t('report.trendKm')} label={t('field.day')} className="h-56" testId="report-km" />
                </div>
              </Panel>
              <Panel title={t('report.trendAlarms')}>
                <div className="p-4">
                  <FleetChart spec={trendOf('alarms')} caption={t('report.trendAlarms')} label={t('field.day')} className="h-56" empty={t('overview.noAlarms')} testId="report-alarms" />
                </div>
              </Panel>
            </div>
          ) : null}
          <Panel title={t('overview.byKind')}>
            <div className="grid gap-4 p-4 lg:grid-cols-2">
              <FleetChart spec={kindSpec(data.alarmKinds, labels.kind, labels.measure('alarms'))} caption={t('overview.byKind')} label={t('field.kind')} className="h-56" empty={t('overview.noAlarms')} testId="report-kinds" />
              <table className="w-full self-start text-left text-sm" data-testid="report-kind-table">
                <caption className="sr-only">{t('overview.byKind')}</caption>
                <thead>
                  <tr className="text-slate-500">
                    <th scope="col" className="py-1 pr-3 font-medium">{t('field.kind')}</th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">{t('level.warning')}</th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">{t('level.critical')}</th>
                    <th scope="col" className="py-1 text-right font-medium">{t('level.total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.alarmKinds.map((k) => (
                    <tr key={k.key} className="border-t border-slate-100 tabular-nums">
                      <th scope="row" className="py-1 pr-3 font-normal">{labels.kind(k.key)}</th>
                      <td className="py-1 pr-3 text-right">{k.warning}</td>
                      <td className="py-1 pr-3 text-right">{k.critical}</td>
                      <td className="py-1 text-right">{k.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
          <Panel title={t('overview.enterprises')}>
            <EnterpriseTable rows={data.enterprises} caption={t('overview.enterprises')} />
          </Panel>
        </article>
      )}
      <ReportSubscriptions />
    </div>
  );
}
