/**
 * dataManage/tempDifferenceAnalysis (温差分析): the largest difference between the two hubs of one axle, per day for
 * the fleet and per vehicle, over the period in the URL — from the daily roll-ups (`chart_data` and `ship_list` by
 * `maxHubDiff`). Vehicles over the acting enterprise's alarm threshold are marked; the list exports.
 */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Panel, ViewPage } from '@/components/crud/view';
import { Badge } from '@/components/ui/states';
import type { VehicleFigures } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useAlarmThresholds } from '@/features/enterprise';
import { getVehicleFigures, vehicleFiguresKey, type VehicleFiguresParams } from '../api/get-vehicle-figures';
import { BoardChartBody } from '../components/board-chart';
import { useUrlPeriod } from '../components/period-picker';
import { useDashboardLabels } from '../components/use-labels';
import { formatFigure, type Period } from '../model';
import { periodChart } from '../panels';

function VehiclesByDifference({ period, threshold }: { period: Period; threshold: number | null }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const head = (m: 'maxHubDiff' | 'maxHubTemp') => `${labels.measure(m)} (${labels.unit(m)})`;
  const over = (r: VehicleFigures) => threshold !== null && (r.maxHubDiff ?? 0) > threshold;
  const list = useResource<VehicleFigures, VehicleFiguresParams, object, number>({
    title: t('tempDiff.vehicles'),
    testId: 'hub-difference',
    queryKey: [...vehicleFiguresKey, 'hubDifference'],
    fetchPage: getVehicleFigures,
    toParams: () => ({ startDate: period.from, endDate: period.to, sort: 'maxHubDiff' }),
    columns: [
      { key: 'plate', header: t('field.plate'), primary: true, cell: (r) => r.plate },
      { key: 'diff', header: head('maxHubDiff'), align: 'right', cell: (r) => formatFigure(r.maxHubDiff ?? null, 'maxHubDiff') },
      { key: 'state', header: '', cell: (r) => (r.maxHubDiff === null || r.maxHubDiff === undefined || threshold === null ? '' : over(r) ? <Badge tone="red">{t('tempDiff.over')}</Badge> : <Badge tone="green">{t('tempDiff.within')}</Badge>) },
      { key: 'hub', header: head('maxHubTemp'), align: 'right', cell: (r) => formatFigure(r.maxHubTemp ?? null, 'maxHubTemp'), hideOnMobile: true },
      { key: 'days', header: t('field.days'), align: 'right', cell: (r) => r.days, hideOnMobile: true },
      { key: 'alarms', header: labels.measure('alarms'), align: 'right', cell: (r) => r.alarms, hideOnMobile: true },
    ],
    rowKey: (r) => r.vehicleId,
    rowLabel: (r) => r.plate,
    selectable: false,
    texts: { loadFailed: t('chart.loadFailed'), empty: t('chart.empty') },
    exportName: `hub-difference-${period.from}-${period.to}`,
    exportColumns: [
      { header: t('field.plate'), value: (r) => r.plate },
      { header: t('export.maxHubDiff'), value: (r) => r.maxHubDiff ?? '' },
      { header: t('export.maxHubTemp'), value: (r) => r.maxHubTemp ?? '' },
      { header: t('field.days'), value: (r) => r.days },
      { header: t('export.alarms'), value: (r) => r.alarms },
    ],
  });
  return (
    <Panel title={t('tempDiff.vehicles')} actions={list.toolbar}>
      {list.table}
      {list.pager ? <div className="px-3">{list.pager}</div> : null}
      {list.dialogs}
    </Panel>
  );
}

export default function TempDifferenceView({ route }: MenuViewProps) {
  const { t } = useTranslation('dashboard');
  const { lang } = useApp();
  const { period, today, picker } = useUrlPeriod();
  const threshold = useAlarmThresholds(null).data?.general.axleTempDifference ?? null;
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('tempDiff.note')}>
      <div className="space-y-4" data-testid="temp-difference">
        {picker}
        {threshold !== null ? <p className="text-sm text-slate-600" data-testid="hub-difference-threshold">{t('tempDiff.threshold', { value: threshold })}</p> : null}
        <Panel title={t('tempDiff.chart')}>
          <BoardChartBody
            key={`${period.from}-${period.to}`}
            chart={periodChart({ kind: 'line', measure: 'maxHubDiff', grouping: 'day' }, t('tempDiff.chart'), period)}
            today={today}
            className="h-64"
          />
        </Panel>
        <VehiclesByDifference key={`vehicles-${period.from}-${period.to}`} period={period} threshold={threshold} />
      </div>
    </ViewPage>
  );
}
