/**
 * The dashboard's overview of a period of finished days: totals as tiles, the fleet trend of the tile picked, alarms
 * by hour and by kind, where the fleet is now (live, whatever the period), and the enterprises and vehicles with their
 * figures (vehicles paged and sortable).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable, type Column } from '@/components/crud/data-table';
import { useResource } from '@/components/crud/resource-view';
import { Panel } from '@/components/crud/view';
import { SelectInput } from '@/components/ui/fields';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDuration } from '@/lib/format';
import type { EnterpriseFigures, Measure, VehicleFigures, VehicleSort } from '@/lib/api-types';
import { useAlarmKinds } from '../api/get-alarm-kinds';
import { useEnterpriseFigures } from '../api/get-enterprise-figures';
import { useHourDistribution } from '../api/get-hour-distribution';
import { useTrend } from '../api/get-trend';
import { getVehicleFigures, vehicleFiguresKey, type VehicleFiguresParams } from '../api/get-vehicle-figures';
import { combineOf, figureOf, fillDays, formatFigure, hasFigures, hourSpec, kindSpec, type CartesianSpec, type Period } from '../model';
import { FigureTiles } from './figure-tiles';
import { FleetAreas } from './fleet-areas';
import { FleetChart } from './fleet-chart';
import { useDashboardLabels } from './use-labels';

const SORTS: readonly VehicleSort[] = ['km', 'drivingSeconds', 'alarms', 'offlineSeconds', 'maxTyreTemp', 'maxHubTemp', 'maxHubDiff'];

/** The figure columns every table of enterprises or vehicles shows. */
export function useFigureColumns<R extends { km: number; drivingSeconds: number; alarms: number; offlineSeconds: number; maxTyreTemp?: number | null; maxHubTemp?: number | null; maxHubDiff?: number | null; minPressure?: number | null }>(): Column<R>[] {
  const labels = useDashboardLabels();
  const head = (m: Measure) => `${labels.measure(m)} (${labels.unit(m)})`;
  return [
    { key: 'km', header: head('km'), align: 'right', cell: (r) => r.km.toFixed(1) },
    { key: 'driving', header: labels.measure('drivingHours'), align: 'right', cell: (r) => formatDuration(r.drivingSeconds) },
    { key: 'alarms', header: labels.measure('alarms'), align: 'right', cell: (r) => r.alarms },
    { key: 'offline', header: labels.measure('offlineHours'), align: 'right', cell: (r) => formatDuration(r.offlineSeconds) },
    { key: 'tyre', header: head('maxTyreTemp'), align: 'right', cell: (r) => formatFigure(r.maxTyreTemp ?? null, 'maxTyreTemp') },
    { key: 'hub', header: head('maxHubTemp'), align: 'right', cell: (r) => formatFigure(r.maxHubTemp ?? null, 'maxHubTemp') },
    { key: 'hubDiff', header: head('maxHubDiff'), align: 'right', cell: (r) => formatFigure(r.maxHubDiff ?? null, 'maxHubDiff'), hideOnMobile: true },
    { key: 'pressure', header: head('minPressure'), align: 'right', cell: (r) => formatFigure(r.minPressure ?? null, 'minPressure') },
  ];
}

export function EnterpriseTable({ rows, loading, error, onRetry, caption }: { rows: readonly EnterpriseFigures[]; loading?: boolean; error?: boolean; onRetry?: () => void; caption: string }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const figures = useFigureColumns<EnterpriseFigures>();
  const columns: Column<EnterpriseFigures>[] = [
    { key: 'name', header: t('field.enterprise'), primary: true, cell: (r) => r.name },
    { key: 'vehicleDays', header: labels.measure('vehicleDays'), align: 'right', cell: (r) => r.vehicleDays },
    ...figures,
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.enterpriseId}
      caption={caption}
      loading={loading}
      error={error ? t('chart.loadFailed') : null}
      onRetry={onRetry}
      empty={t('chart.empty')}
      testId="enterprise-table"
    />
  );
}

function VehiclesPanel({ period }: { period: Period }) {
  const { t } = useTranslation('dashboard');
  const [sort, setSort] = useState<VehicleSort>('km');
  const figures = useFigureColumns<VehicleFigures>();
  const list = useResource<VehicleFigures, VehicleFiguresParams, object, number>({
    title: t('vehicles.title'),
    testId: 'vehicle-figures',
    queryKey: vehicleFiguresKey,
    fetchPage: getVehicleFigures,
    toParams: () => ({ startDate: period.from, endDate: period.to, sort }),
    columns: [
      { key: 'plate', header: t('field.plate'), primary: true, cell: (r) => r.plate },
      { key: 'days', header: t('field.days'), align: 'right', cell: (r) => r.days },
      ...figures,
    ],
    rowKey: (r) => r.vehicleId,
    rowLabel: (r) => r.plate,
    selectable: false,
    texts: { loadFailed: t('chart.loadFailed'), empty: t('chart.empty') },
    exportName: `vehicles-${period.from}-${period.to}`,
    exportColumns: [
      { header: t('field.plate'), value: (r) => r.plate },
      { header: t('field.days'), value: (r) => r.days },
      { header: 'km', value: (r) => Number(r.km.toFixed(1)) },
      { header: t('export.drivingSeconds'), value: (r) => r.drivingSeconds },
      { header: t('export.alarms'), value: (r) => r.alarms },
      { header: t('export.offlineSeconds'), value: (r) => r.offlineSeconds },
      { header: t('export.maxTyreTemp'), value: (r) => r.maxTyreTemp ?? '' },
      { header: t('export.maxHubTemp'), value: (r) => r.maxHubTemp ?? '' },
      { header: t('export.maxHubDiff'), value: (r) => r.maxHubDiff ?? '' },
      { header: t('export.minPressure'), value: (r) => r.minPressure ?? '' },
    ],
  });
  return (
    <Panel
      title={t('vehicles.title')}
      actions={
        <>
          <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-600">
            {t('vehicles.sort')}
            <SelectInput
              className="h-9 w-44"
              value={sort}
              data-testid="vehicle-sort"
              onChange={(e) => {
                setSort(e.target.value as VehicleSort);
                list.resetPage();
              }}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`vehicles.sortBy.${s}`)}
                </option>
              ))}
            </SelectInput>
          </label>
          {list.toolbar}
        </>
      }
    >
      {list.table}
      {list.pager ? <div className="px-3">{list.pager}</div> : null}
      {list.dialogs}
    </Panel>
  );
}

export function Overview({ period }: { period: Period }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const [measure, setMeasure] = useState<Measure>('km');
  const payload = { startDate: period.from, endDate: period.to };
  const trend = useTrend(payload);
  const hours = useHourDistribution(payload);
  const kinds = useAlarmKinds(payload);
  const enterprises = useEnterpriseFigures(payload);

  if (trend.isPending) return <LoadingState className="py-16" />;
  if (trend.isError) return <ErrorState message={t('chart.loadFailed')} onRetry={() => void trend.refetch()} />;
  const total = trend.data.total;
  if (!hasFigures(total)) {
    return (
      <div className="space-y-4">
        <div data-testid="dashboard-empty">
          <EmptyState title={t('overview.empty', { from: period.from, to: period.to })} className="rounded-xl bg-white py-16 shadow-sm ring-1 ring-slate-200">
            <p className="max-w-md text-sm text-slate-500">{t('overview.emptyHint')}</p>
          </EmptyState>
        </div>
        {/* where the fleet is now does not depend on the period */}
        <FleetAreas />
      </div>
    );
  }
  const days = fillDays(trend.data.days, period.from, period.to);
  const trendSpec: CartesianSpec = {
    family: 'cartesian',
    variant: combineOf(measure) === 'sum' ? 'bar' : 'line',
    categories: days.map((d) => d.day),
    series: [{ name: `${labels.measure(measure)} (${labels.unit(measure)})`, values: days.map((d) => figureOf(d, measure)) }],
  };
  return (
    <div className="space-y-4" data-testid="dashboard-overview">
      <FigureTiles total={total} picked={measure} onPick={setMeasure} />
      <Panel title={t('overview.trend', { measure: labels.measure(measure) })}>
        <div className="p-4">
          <FleetChart spec={trendSpec} caption={t('overview.trend', { measure: labels.measure(measure) })} label={t('field.day')} testId="trend-chart" />
        </div>
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('overview.byHour')}>
          <div className="p-4">
            <FleetChart
              spec={hours.data ? hourSpec(hours.data, { warning: t('level.warning'), critical: t('level.critical') }) : null}
              loading={hours.isPending}
              error={hours.isError}
              onRetry={() => void hours.refetch()}
              caption={t('overview.byHour')}
              label={t('field.hour')}
              empty={t('overview.noAlarms')}
              testId="hour-chart"
            />
          </div>
        </Panel>
        <Panel title={t('overview.byKind')}>
          <div className="p-4">
            <FleetChart
              spec={kinds.data ? kindSpec(kinds.data, labels.kind, labels.measure('alarms')) : null}
              loading={kinds.isPending}
              error={kinds.isError}
              onRetry={() => void kinds.refetch()}
              caption={t('overview.byKind')}
              label={t('field.kind')}
              empty={t('overview.noAlarms')}
              testId="kind-chart"
            />
          </div>
        </Panel>
      </div>
      <FleetAreas />
      <Panel title={t('overview.enterprises')}>
        <EnterpriseTable rows={enterprises.data ?? []} loading={enterprises.isPending} error={enterprises.isError} onRetry={() => void enterprises.refetch()} caption={t('overview.enterprises')} />
      </Panel>
      <VehiclesPanel period={period} />
    </div>
  );
}
