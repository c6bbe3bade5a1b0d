/** colony/maintenanceDetail/:id: one service record (serviceInfo): the vehicle, its lines, the totals, the work order. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DataTable } from '@/components/crud/data-table';
import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { TrackPlaybackLink } from '@/features/tracks';
import { useService } from '../api/get-service';
import { useWarehouseChoices } from '../components/selects';
import { Totals } from '../components/totals';
import { useStockLabels } from '../components/use-stock-labels';
import { money, quantity } from '../model';
import type { ServiceRecord } from '../types';

export default function MaintenanceDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const id = Number(params.id);
  const record = useService(id);
  const back = menuPath('maintenanceManage');
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={record.data ? `${record.data.plate} · ${record.data.item}` : undefined}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('maintenance.back')}
          </LinkButton>
        ) : null
      }
    >
      {!Number.isInteger(id) || id <= 0 ? (
        <Panel className="p-4">
          <p className="text-sm text-slate-600">{t('detail.badId')}</p>
        </Panel>
      ) : record.isError ? (
        <ErrorState message={t('maintenance.loadFailed')} onRetry={() => void record.refetch()} />
      ) : !record.data ? (
        <LoadingState />
      ) : (
        <RecordDetail record={record.data} />
      )}
    </ViewPage>
  );
}

function RecordDetail({ record }: { record: ServiceRecord }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const menuPath = useMenuPath();
  const warehouses = useWarehouseChoices();
  const workOrderId = record.workOrderId ?? null;
  const order = workOrderId === null ? null : menuPath('workOrderDetail', { id: workOrderId });
  const warehouseName = (id: number | null | undefined) => (id === null || id === undefined ? '—' : (warehouses.find((w) => w.value === id)?.label ?? `#${String(id)}`));
  return (
    <>
      <Panel title={t('maintenance.record')} actions={<TrackPlaybackLink vehicleId={record.vehicleId} />}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 p-4 text-sm lg:grid-cols-3" data-testid="service-facts">
          <div>
            <dt className="text-xs text-slate-500">{t('service.vehicle')}</dt>
            <dd className="font-medium text-slate-900">{record.plate}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('service.item')}</dt>
            <dd className="text-slate-900">{record.item}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('service.servicedAt')}</dt>
            <dd className="text-slate-900">{formatDateTime(record.servicedAt)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('service.mileage')}</dt>
            <dd className="text-slate-900 tabular-nums">{typeof record.mileage === 'number' ? `${quantity(record.mileage)} km` : '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('move.workOrder')}</dt>
            <dd className="text-slate-900">
              {workOrderId === null ? (
                '—'
              ) : order ? (
                <Link to={order} className="text-accent hover:underline" data-testid="service-order-link">
                  {t('maintenance.openOrder', { id: workOrderId })}
                </Link>
              ) : (
                `#${String(workOrderId)}`
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('ledger.by')}</dt>
            <dd className="text-slate-900">{record.createdByName}</dd>
          </div>
          {record.content ? (
            <div className="col-span-2 lg:col-span-3">
              <dt className="text-xs text-slate-500">{t('service.content')}</dt>
              <dd className="whitespace-pre-wrap text-slate-900">{record.content}</dd>
            </div>
          ) : null}
        </dl>
      </Panel>
      <Panel title={t('service.lines')}>
        <DataTable
          caption={t('service.lines')}
          testId="service-lines"
          rows={record.lines}
          rowKey={(l) => `${String(l.itemId)}-${String(l.warehouseId ?? null)}-${String(l.quantity)}`}
          empty={t('service.noLines')}
          columns={[
            { key: 'name', header: t('move.item'), primary: true, cell: (l) => l.name },
            { key: 'kind', header: t('item.kind'), cell: (l) => labels.itemKindName(l.kind) },
            { key: 'quantity', header: t('move.quantity'), align: 'right', cell: (l) => quantity(l.quantity) },
            { key: 'price', header: t('move.unitPrice'), align: 'right', cell: (l) => money(l.unitPrice) },
            { key: 'amount', header: t('move.amount'), align: 'right', cell: (l) => money(l.amount) },
            { key: 'warehouse', header: t('service.warehouse'), cell: (l) => warehouseName(l.warehouseId) },
          ]}
        />
        <div className="p-4">
          <Totals
            testId="service-record-totals"
            label={t('service.totals')}
            figures={[
              { key: 'labour', label: t('service.labourCost'), value: money(record.labourCost) },
              { key: 'parts', label: t('service.partsCost'), value: money(record.partsCost) },
              { key: 'cost', label: t('service.cost'), value: money(record.cost) },
              { key: 'lines', label: t('service.lineCount'), value: record.lines.length },
            ]}
          />
        </div>
      </Panel>
    </>
  );
}
