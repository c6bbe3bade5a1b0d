/**
 * locus/mileageRoute (Mileage and route): km over a range of UTC days — a chart of km per day (the fleet in scope, or
 * one vehicle: `/web/car/mileage_histogram`) and a table of km, driving time and active days per vehicle
 * (`/web/car/data_mileage_list`, paged, with the range's totals), exportable. A row's "Daily km" charts that vehicle.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Panel, RowAction, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatDuration } from '@/lib/format';
import type { MileageListRequest, MileageRow } from '@/lib/api-types';
import type { PickedVehicle } from '@/features/vehicles';
import { useMileageHistogram } from '../api/get-mileage';
import { getMileageList, mileageListKey } from '../api/get-mileage-list';
import { KmChart } from '../components/km-chart';
import { RangeForm, type RangeValue } from '../components/range-days';
import { addDays, utcToday } from '../playback';

type MileageParams = Omit<MileageListRequest, 'page' | 'pageSize'>;

export default function MileageRouteView({ route }: MenuViewProps) {
  const { t } = useTranslation('locus');
  const { lang } = useApp();
  const today = utcToday();
  const [range, setRange] = useState<RangeValue>({ vehicle: null, from: addDays(today, -29), to: today });
  /** The vehicle the chart shows (a row's "Daily km"); the range's vehicle, else the whole fleet. */
  const [charted, setCharted] = useState<PickedVehicle | null>(null);
  const chartVehicle = charted ?? range.vehicle;
  const histogram = useMileageHistogram({ startDate: range.from, endDate: range.to, vehicleId: chartVehicle?.id });
  const params: MileageParams = { startDate: range.from, endDate: range.to, vehicleIds: range.vehicle ? [range.vehicle.id] : undefined };
  const list = useResource<MileageRow, MileageParams, object, number>({
    title: t('mileage.table'),
    testId: 'mileage',
    queryKey: mileageListKey,
    fetchPage: getMileageList,
    toParams: () => params,
    columns: [
      { key: 'plate', header: t('field.plate'), primary: true, cell: (r) => r.plate },
      { key: 'km', header: t('field.km'), align: 'right', cell: (r) => r.km.toFixed(1) },
      { key: 'driving', header: t('field.drivingTime'), align: 'right', cell: (r) => formatDuration(r.drivingSeconds) },
      { key: 'days', header: t('mileage.activeDays'), align: 'right', cell: (r) => r.days },
    ],
    rowKey: (r) => r.vehicleId,
    rowLabel: (r) => r.plate,
    selectable: false,
    rowActions: (r) => (
      <RowAction
        onClick={() => {
          setCharted({ id: r.vehicleId, plate: r.plate });
        }}
      >
        {t('mileage.chartVehicle')}
      </RowAction>
    ),
    texts: { loadFailed: t('mileage.failed'), empty: t('mileage.empty') },
    exportName: `mileage-${range.from}-${range.to}`,
    exportColumns: [
      { header: t('field.plate'), value: (r) => r.plate },
      { header: t('field.km'), value: (r) => Number(r.km.toFixed(1)) },
      { header: t('field.drivingTime'), value: (r) => formatDuration(r.drivingSeconds) },
      { header: t('mileage.activeDays'), value: (r) => r.days },
    ],
  });
  const days = histogram.data ?? [];
  const total = days.reduce((sum, d) => sum + d.km, 0);
  return (
    <ViewPage title={menuTitle(route, lang)} actions={list.toolbar}>
      <Panel className="p-4">
        <RangeForm
          initial={range}
          vehicle="optional"
          onSubmit={(v) => {
            setRange(v);
            setCharted(null);
            list.resetPage();
          }}
        />
      </Panel>
      <Panel
        title={chartVehicle ? t('mileage.chartOf', { plate: chartVehicle.plate }) : t('mileage.chartFleet')}
        actions={<span className="text-sm text-slate-600 tabular-nums">{histogram.data ? t('strip.total', { km: total.toFixed(1) }) : null}</span>}
      >
        <div className="p-4" data-testid="mileage-chart">
          {histogram.isPending ? (
            <LoadingState className="py-6" />
          ) : histogram.isError ? (
            <ErrorState message={t('mileage.failed')} onRetry={() => void histogram.refetch()} />
          ) : (
            <KmChart days={days} caption={t('mileage.chartFleet')} className="h-56" />
          )}
        </div>
      </Panel>
      <Panel title={t('mileage.table')}>
        {list.table}
        {list.pager ? <div className="px-3">{list.pager}</div> : null}
      </Panel>
      {list.dialogs}
    </ViewPage>
  );
}
