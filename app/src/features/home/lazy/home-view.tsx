/**
 * home/index: where a signed-in person starts — the fleet in scope now (the live counters), the alarms nobody has
 * handled yet (most recent first) and the work orders still open, each with the way to the full list.
 */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { paths } from '@/lib/paths';
import { AlarmWheelLabel, alarmKindKey } from '@/features/live';
import { useIncidents, type Incident } from '@/features/reports';
import { useStatistics } from '@/features/vehicles';
import { IN_PROGRESS, PENDING, stateTone, useOrderPath, useOrders } from '@/features/work';
import { useMenuPath } from '@/lib/console/use-menu-path';

const LISTED = 8;
const COUNTERS = ['all', 'online', 'driving', 'parked', 'offline', 'alarm'] as const;

function FleetNow() {
  const { t } = useTranslation('console');
  const stats = useStatistics();
  if (stats.isPending) return <LoadingState className="py-6" />;
  if (stats.isError) return <ErrorState message={t('home.loadFailed')} onRetry={() => void stats.refetch()} className="py-6" />;
  return (
    <ul className="grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="home-fleet">
      {COUNTERS.map((c) => (
        <li key={c} className="rounded-lg border border-slate-200 px-3 py-2">
          <p className="text-xs text-slate-500">{t(`home.counter.${c}`)}</p>
          <p className={c === 'alarm' && stats.data[c] > 0 ? 'text-2xl font-semibold text-red-700 tabular-nums' : 'text-2xl font-semibold text-slate-900 tabular-nums'} data-testid={`home-count-${c}`}>
            {stats.data[c]}
          </p>
        </li>
      ))}
    </ul>
  );
}

function ActiveAlarms() {
  const { t } = useTranslation('console');
  const { t: tm } = useTranslation('map');
  const alarms = useIncidents({ state: 0, page: 1, pageSize: LISTED });
  if (alarms.isPending) return <LoadingState className="py-6" />;
  if (alarms.isError) return <ErrorState message={t('home.loadFailed')} onRetry={() => void alarms.refetch()} className="py-6" />;
  if (alarms.data.list.length === 0) return <EmptyState title={t('home.noAlarms')} className="py-6" />;
  const row = (a: Incident) => (
    <li key={a.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 px-3 py-2 text-sm">
      <span className="font-medium text-slate-900">{a.plate}</span>
      <span className={a.level >= 2 ? 'text-red-700' : 'text-amber-700'}>
        {tm(`alarmKind.${alarmKindKey(a.kind)}`)} · {tm(`alarmLevel.${a.level >= 2 ? '2' : '1'}`)}
      </span>
      <AlarmWheelLabel kind={a.kind} position={a.position} vehicleId={a.vehicleId} wheelsPerAxle={a.wheelsPerAxle} className="text-xs text-slate-500" />
      <span className="ml-auto text-xs text-slate-400 tabular-nums">{formatDateTime(a.startedAt)}</span>
    </li>
  );
  return (
    <>
      <ul className="divide-y divide-slate-100" data-testid="home-alarms">
        {alarms.data.list.map(row)}
      </ul>
      <p className="px-3 py-2 text-xs text-slate-500">{t('home.alarmsTotal', { count: alarms.data.total })}</p>
    </>
  );
}

function OpenOrders() {
  const { t } = useTranslation('console');
  const orders = useOrders({ states: [PENDING, IN_PROGRESS], page: 1, pageSize: LISTED });
  const orderPath = useOrderPath();
  if (orders.isPending) return <LoadingState className="py-6" />;
  if (orders.isError) return <ErrorState message={t('home.loadFailed')} onRetry={() => void orders.refetch()} className="py-6" />;
  if (orders.data.list.length === 0) return <EmptyState title={t('home.noOrders')} className="py-6" />;
  return (
    <>
      <ul className="divide-y divide-slate-100" data-testid="home-orders">
        {orders.data.list.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 px-3 py-2 text-sm">
            <AppLink to={orderPath(o.id)} className="font-medium text-sky-700 hover:underline">
              {o.number}
            </AppLink>
            <span className="min-w-0 flex-1 truncate text-slate-900">{o.title}</span>
            <Badge tone={stateTone(o.state)}>{o.stateName}</Badge>
            {o.overdue ? <Badge tone="red">{t('home.overdue')}</Badge> : null}
            <span className="text-xs text-slate-500">{o.assigneeName || t('home.unassigned')}</span>
          </li>
        ))}
      </ul>
      <p className="px-3 py-2 text-xs text-slate-500">{t('home.ordersTotal', { count: orders.data.total })}</p>
    </>
  );
}

export default function HomeView({ route }: MenuViewProps) {
  const { t } = useTranslation('console');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  // a list the caller's menu does not hold is not offered
  const more = (to: string | null, label: string) =>
    to ? (
      <AppLink to={to} className="text-sm text-sky-700 hover:underline">
        {label}
      </AppLink>
    ) : null;
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('home.description')}>
      <div className="space-y-4" data-testid="home">
        <Panel title={t('home.fleet')} actions={more(paths.map, t('home.toMap'))}>
          <FleetNow />
        </Panel>
        <div className="grid gap-4 lg:grid-cols-2">
          <Panel title={t('home.alarms')} actions={more(menuPath('alarmList'), t('home.allAlarms'))}>
            <ActiveAlarms />
          </Panel>
          <Panel title={t('home.orders')} actions={more(menuPath('allWorkOrders'), t('home.allOrders'))}>
            <OpenOrders />
          </Panel>
        </div>
      </div>
    </ViewPage>
  );
}
