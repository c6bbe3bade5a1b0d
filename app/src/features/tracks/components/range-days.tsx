/**
 * The pieces of the range screens (track list, track view): the vehicle-and-days form (checked before asking: from ≤
 * to, not after today, at most 366 days), the progress of a job building missing days (with Cancel), and the table of
 * days with their export.
 */
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '@/components/crud/data-table';
import { RowActions } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import type { ExportColumn } from '@/components/crud/export-all';
import { useExportDialog } from '@/components/crud/export-dialog';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useButtons } from '@/lib/console/menu-route-context';
import { toPage } from '@/lib/calls';
import { formatDateTime, formatDuration } from '@/lib/format';
import type { useTrackAnalysis } from '../api/analyse-tracks';
import { daysBetween, km, parseDay, utcToday } from '../playback';
import type { Fragment } from '@/lib/api-types';
import { useTrackLinks } from './track-links';

/** The longest range the server analyses at once. */
export const MAX_RANGE_DAYS = 366;

export interface RangeValue {
  vehicle: PickedVehicle | null;
  from: string;
  to: string;
}

type RangeProblem = 'vehicle' | 'order' | 'future' | 'tooLong' | 'day';

export function rangeProblem(v: RangeValue, needsVehicle: boolean): RangeProblem | null {
  if (needsVehicle && !v.vehicle) return 'vehicle';
  if (!parseDay(v.from) || !parseDay(v.to)) return 'day';
  if (v.from > v.to) return 'order';
  if (v.to > utcToday()) return 'future';
  if (daysBetween(v.from, v.to) > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** Whether the form asks for a vehicle: required, optional (every vehicle when none), or fixed by the view. */
export type VehicleChoice = 'required' | 'optional' | 'fixed';

/** Vehicle (unless fixed), from and to; submits only a sound range, else says what is wrong under the form. */
export function RangeForm({ initial, onSubmit, vehicle = 'required', children }: { initial: RangeValue; onSubmit: (v: RangeValue) => void; vehicle?: VehicleChoice; children?: ReactNode }) {
  const { t } = useTranslation('locus');
  const id = useId();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = rangeProblem(value, vehicle === 'required');
    setProblem(found);
    if (!found) onSubmit(value);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('range.label')} noValidate data-testid="range-form">
      {vehicle === 'fixed' ? null : (
        <VehicleSelect
          value={value.vehicle}
          onChange={(vehicle) => {
            setValue((v) => ({ ...v, vehicle }));
          }}
          className="flex min-w-64 flex-1 flex-wrap items-end gap-2"
        />
      )}
      {(['from', 'to'] as const).map((k) => (
        <div key={k}>
          <label htmlFor={`${id}-${k}`} className="mb-1 block text-xs font-medium text-slate-600">
            {t(`range.${k}`)}
          </label>
          <TextInput
            id={`${id}-${k}`}
            type="date"
            value={value[k]}
            aria-invalid={problem !== null && problem !== 'vehicle' ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => {
              setValue((v) => ({ ...v, [k]: e.target.value }));
            }}
            className="w-40"
          />
        </div>
      ))}
      <Button type="submit" variant="accent" className="h-10">
        {t('range.show')}
      </Button>
      {children}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-600" data-testid="range-problem">
          {t(`range.problem.${problem}`, { max: MAX_RANGE_DAYS })}
        </p>
      ) : null}
    </form>
  );
}

/** A job building missing days: how far it is, and Cancel; or that it was cancelled. */
export function AnalysisProgress({ analysis }: { analysis: ReturnType<typeof useTrackAnalysis> }) {
  const { t } = useTranslation('locus');
  const data = analysis.data;
  if (!data || (!analysis.running && !analysis.cancelled)) return null;
  // the job counts what it builds; without one, the days answered against those still pending
  const ready = data.job ? data.job.built : data.days.length;
  const total = data.job ? data.job.days : ready + data.pending;
  const pct = total > 0 ? Math.round((ready / total) * 100) : 0;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" role="status" data-testid="analysis-progress">
      {analysis.cancelled ? (
        <span>{t('job.cancelled', { ready })}</span>
      ) : (
        <>
          <div className="h-2 w-40 overflow-hidden rounded bg-white" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('job.label')}>
            <div className="bg-accent h-full transition-[width]" style={{ width: `${String(pct)}%` }} />
          </div>
          <span className="tabular-nums">{t('job.progress', { ready, total })}</span>
          <Button variant="secondary" size="sm" onClick={() => void analysis.cancel()} data-testid="analysis-cancel">
            {t('job.cancel')}
          </Button>
        </>
      )}
    </div>
  );
}

/** The columns a day has in the table and in the export. */
function dayColumns(t: (key: 'field.day' | 'field.km' | 'field.drivingTime' | 'field.firstFix' | 'field.lastFix' | 'field.fixes') => string) {
  const table: Column<Fragment>[] = [
    { key: 'day', header: t('field.day'), primary: true, cell: (d) => d.day },
    { key: 'km', header: t('field.km'), align: 'right', cell: (d) => km(d.meters) },
    { key: 'driving', header: t('field.drivingTime'), align: 'right', cell: (d) => formatDuration(d.movingSeconds) },
    { key: 'first', header: t('field.firstFix'), cell: (d) => formatDateTime(d.firstAt) },
    { key: 'last', header: t('field.lastFix'), cell: (d) => formatDateTime(d.lastAt) },
    { key: 'fixes', header: t('field.fixes'), align: 'right', hideOnMobile: true, cell: (d) => d.total },
  ];
  const exported: ExportColumn<Fragment>[] = [
    { header: t('field.day'), value: (d) => d.day },
    { header: t('field.km'), value: (d) => Number(km(d.meters)) },
    { header: t('field.drivingTime'), value: (d) => formatDuration(d.movingSeconds) },
    { header: t('field.firstFix'), value: (d) => formatDateTime(d.firstAt) },
    { header: t('field.lastFix'), value: (d) => formatDateTime(d.lastAt) },
    { header: t('field.fixes'), value: (d) => d.total },
  ];
  return { table, exported };
}

/** The days of the range as a table (a leading cell of the view's own; each day links to its playback), and its export. */
export function useDaysTable({ days, plate, vehicleId, lead }: { days: readonly Fragment[]; plate: string; vehicleId: number | null; lead?: Column<Fragment> }) {
  const { t } = useTranslation('locus');
  const links = useTrackLinks();
  const can = useButtons();
  const { table, exported } = dayColumns(t);
  const exporter = useExportDialog<object, Fragment>({
    name: `tracks-${plate}`,
    dated: true,
    // the days are already here: the export "pages" through them at once
    fetchPage: () => Promise.resolve(toPage([...days])),
    params: {},
    columns: exported,
  });
  const play: Column<Fragment> = {
    key: 'actions',
    header: t('field.actions'),
    cell: (d) =>
      vehicleId === null ? null : (
        <RowActions>
          <AppLink to={links.playback(vehicleId, d.day)} className="text-accent px-1.5 py-1 text-sm font-medium hover:underline">
            {t('list.play')}
          </AppLink>
        </RowActions>
      ),
  };
  const columns = [...(lead ? [lead] : []), ...table, play];
  return {
    /** Null when the role may not export (the menu's buttons). */
    startExport: can('export') ? exporter.start : null,
    dialog: exporter.dialog,
    table: (props: { loading: boolean; error: ReactNode | null; onRetry: () => void }) => (
      <DataTable columns={columns} rows={days} rowKey={(d) => d.day} caption={t('list.caption', { plate })} empty={t('list.empty')} testId="track-days" {...props} />
    ),
  };
}
