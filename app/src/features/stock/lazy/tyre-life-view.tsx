/**
 * dataManage/tyreLife/:id: one tyre's life (tyre/info + tyre/log): what it is and where, its cost per km, wear and
 * projected replacement, the periods it spent at wheels with their km, and its log (receipt, mounts, moves, tread
 * measurements, repairs and the pressure alarms raised at its wheel) newest first.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Pager } from '@/components/crud/pager';
import { Panel, ViewPage } from '@/components/crud/view';
import { AppLink } from '@/components/ui/app-link';
import { LinkButton } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge, ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { TrackPlaybackLink } from '@/features/tracks';
import { WheelLabel } from '@/features/vehicles';
import { useTyre } from '../api/get-tyre';
import { useTyreLog } from '../api/get-tyre-log';
import { dayOf, perKm } from '../components/tyre-costs';
import { useStockLabels } from '../components/use-stock-labels';
import { fixed, money, MOUNTED, nonEmpty, quantity, tyreStateTone } from '../model';
import type { TyreEvent, TyreInfo } from '../types';

export default function TyreLifeView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const id = Number(params.id);
  const tyre = useTyre(id);
  const back = menuPath('tyreMileage');
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={tyre.data ? `${tyre.data.serial} · ${tyre.data.brand} ${tyre.data.model} ${tyre.data.spec}` : undefined}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('life.back')}
          </LinkButton>
        ) : null
      }
    >
      {!Number.isInteger(id) || id <= 0 ? (
        <Panel className="p-4">
          <p className="text-sm text-slate-600">{t('life.badId')}</p>
        </Panel>
      ) : tyre.isError ? (
        <ErrorState message={t('life.loadFailed')} onRetry={() => void tyre.refetch()} />
      ) : !tyre.data ? (
        <LoadingState />
      ) : (
        <>
          <TyreFacts tyre={tyre.data} />
          <Mounts tyre={tyre.data} />
          <Timeline id={id} />
        </>
      )}
    </ViewPage>
  );
}

function TyreFacts({ tyre }: { tyre: TyreInfo }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const facts: [string, ReactNode][] = [
    [t('tyre.serial'), tyre.serial],
    [t('tyre.dot'), tyre.dot || '—'],
    [t('tyre.model'), `${tyre.brand} ${tyre.model} ${tyre.spec}`.trim()],
    [t('tyre.place'), tyre.state === MOUNTED ? <>{tyre.plate} · <WheelLabel vehicleId={tyre.vehicleId} position={tyre.position} /></> : (nonEmpty(tyre.warehouseName) ?? '—')],
    [t('tyre.purchaseCost'), money(tyre.purchaseCost)],
    [t('tyre.mileage'), `${quantity(Math.round(tyre.mileage))} km`],
    [t('tyre.costPerKm'), perKm(tyre.costPerKm)],
    [t('tyre.treadNew'), typeof tyre.treadNew === 'number' ? `${fixed(tyre.treadNew, 1)} mm` : '—'],
    [t('tyre.treadLast'), typeof tyre.treadLast === 'number' ? `${fixed(tyre.treadLast, 1)} mm` : '—'],
    [t('cost.wear'), fixed(tyre.treadWearPer1000Km, 2)],
    [t('cost.projected'), dayOf(tyre.projectedReplacement)],
    [t('cost.alarms'), tyre.underInflatedAlarms],
    [t('tyre.receivedAt'), formatDateTime(tyre.receivedAt)],
  ];
  return (
    <Panel title={t('life.facts')} actions={<>{tyre.state === MOUNTED && typeof tyre.vehicleId === 'number' ? <TrackPlaybackLink vehicleId={tyre.vehicleId} /> : null}<Badge tone={tyreStateTone(tyre.state)}>{labels.tyreStateName(tyre.state)}</Badge></>}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 p-4 text-sm lg:grid-cols-3" data-testid="tyre-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** The work order something was done for, linked to its page. */
function OrderLink({ id, number }: { id: number | null | undefined; number: string }) {
  const menuPath = useMenuPath();
  if (typeof id !== 'number') return null;
  return (
    <AppLink to={menuPath('workOrderDetail', { id }) ?? `/wf/${String(id)}`} className="text-accent tabular-nums hover:underline" data-testid="tyre-order">
      {number || `#${String(id)}`}
    </AppLink>
  );
}

function Mounts({ tyre }: { tyre: TyreInfo }) {
  const { t } = useTranslation('stock');
  return (
    <Panel title={t('life.mounts')}>
      <DataTable
        caption={t('life.mounts')}
        testId="tyre-mounts"
        rows={tyre.mounts}
        rowKey={(m) => `${String(m.vehicleId)}-${m.from}`}
        empty={t('life.noMounts')}
        columns={[
          { key: 'plate', header: t('life.vehicle'), primary: true, cell: (m) => m.plate },
          { key: 'position', header: t('tyre.position'), cell: (m) => <WheelLabel vehicleId={m.vehicleId} position={m.position} /> },
          { key: 'from', header: t('life.from'), cell: (m) => formatDateTime(m.from) },
          { key: 'to', header: t('life.to'), cell: (m) => (m.to ? formatDateTime(m.to) : <Badge tone="blue">{t('life.now')}</Badge>) },
          { key: 'km', header: t('life.km'), align: 'right', cell: (m) => quantity(Math.round(m.km)) },
          { key: 'order', header: t('life.order'), cell: (m) => <OrderLink id={m.workOrderId} number={m.workOrderNumber} /> },
        ]}
      />
    </Panel>
  );
}

const EVENT_TONES: Partial<Record<TyreEvent['kind'], string>> = {
  alarm: 'bg-red-500',
  scrap: 'bg-slate-500',
  mount: 'bg-accent',
  rotate: 'bg-accent',
  dismount: 'bg-amber-500',
  receipt: 'bg-emerald-500',
};

function Timeline({ id }: { id: number }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const log = useTyreLog({ id, ...paging });
  const events = log.data?.list ?? [];
  return (
    <Panel title={t('life.log')}>
      <div className="p-4">
        {log.isPending ? (
          <LoadingState />
        ) : log.isError ? (
          <ErrorState message={t('life.loadFailed')} onRetry={() => void log.refetch()} />
        ) : events.length === 0 ? (
          <p className="text-sm text-slate-500">{t('life.noEvents')}</p>
        ) : (
          <ol className={cx('relative space-y-4 border-l border-slate-200 pl-5', log.isPlaceholderData && 'opacity-60')} data-testid="tyre-log">
            {events.map((e, i) => (
              <li key={`${e.at}-${e.kind}-${String(i)}`} className="relative" data-kind={e.kind}>
                <span className={cx('absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white', EVENT_TONES[e.kind] ?? 'bg-slate-400')} aria-hidden="true" />
                <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-medium text-slate-900">{labels.eventName(e.kind)}</span>
                  <time className="text-xs text-slate-500" dateTime={e.at}>
                    {formatDateTime(e.at)}
                  </time>
                </div>
                <p className="text-sm text-slate-700">
                  {e.plate ? (
                    <>
                      {e.plate}
                      {typeof e.position === 'number' ? (
                        <>
                          {' · '}
                          <WheelLabel vehicleId={e.vehicleId} position={e.position} />
                        </>
                      ) : null}
                      {' · '}
                    </>
                  ) : null}
                  {[typeof e.mileage === 'number' ? t('life.atKm', { km: quantity(Math.round(e.mileage)) }) : null, e.detail || null, e.by ? t('life.by', { name: e.by }) : null].filter(Boolean).join(' · ')}
                  {typeof e.workOrderId === 'number' ? (
                    <>
                      {' · '}
                      {t('life.forOrder')} <OrderLink id={e.workOrderId} number={e.workOrderNumber} />
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        {log.data ? <Pager total={log.data.total} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => { setPaging({ page, pageSize }); }} /> : null}
      </div>
    </Panel>
  );
}
