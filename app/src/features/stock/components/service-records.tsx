/** The service records (serviceList): vehicle, keyword, item and date filters, the period's totals, a new record, each record's detail. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Option } from '@/components/crud/form';
import { useResource } from '@/components/crud/resource-view';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useButtons } from '@/lib/console/menu-route-context';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useItemOptions } from '../api/get-items';
import { getServices } from '../api/get-services';
import { stockKeys } from '../api/keys';
import { collectOf, dayRange, idOf, money, quantity } from '../model';
import type { ServiceCollect, ServiceListParams, ServiceRecord } from '../types';
import { dateFields } from './date-fields';
import { ResourceTab } from './resource-tab';
import { ServiceDialog } from './service-dialog';
import { Totals } from './totals';

export function ServiceRecords({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const can = useButtons();
  const menuPath = useMenuPath();
  const itemOptions = useItemOptions({ page: 1, pageSize: 500 });
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [adding, setAdding] = useState(false);
  const items: Option[] = (itemOptions.data?.list ?? []).map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }));
  const itemCell = (s: ServiceRecord) => {
    const path = menuPath('maintenanceDetail', { id: s.id });
    return path ? (
      <Link to={path} className="text-accent hover:underline" data-testid={`service-link-${String(s.id)}`}>
        {s.item}
      </Link>
    ) : (
      s.item
    );
  };
  const list = useResource<ServiceRecord, ServiceListParams, object, number>({
    title,
    testId: 'services',
    queryKey: stockKeys.services,
    fetchPage: getServices,
    toParams: (v) => ({ vehicleId: vehicle?.id, keyword: orUndefined(v.keyword), itemId: idOf(v.itemId), ...dayRange(v.from, v.to) }),
    searchFields: [{ name: 'keyword', label: t('service.keyword') }, { name: 'itemId', label: t('service.lineItem'), type: 'select', options: items }, ...dateFields(t)],
    columns: [
      { key: 'at', header: t('service.servicedAt'), cell: (s) => formatDateTime(s.servicedAt), className: 'whitespace-nowrap' },
      { key: 'plate', header: t('service.vehicle'), cell: (s) => s.plate },
      { key: 'item', header: t('service.item'), primary: true, cell: itemCell },
      { key: 'mileage', header: t('service.mileage'), align: 'right', cell: (s) => quantity(s.mileage), hideOnMobile: true },
      { key: 'lines', header: t('service.lines'), align: 'right', cell: (s) => s.lines.length, hideOnMobile: true },
      { key: 'labour', header: t('service.labourCost'), align: 'right', cell: (s) => money(s.labourCost) },
      { key: 'parts', header: t('service.partsCost'), align: 'right', cell: (s) => money(s.partsCost) },
      { key: 'cost', header: t('service.cost'), align: 'right', cell: (s) => money(s.cost) },
      { key: 'by', header: t('ledger.by'), cell: (s) => s.createdByName, hideOnMobile: true },
    ],
    rowKey: (s) => s.id,
    rowLabel: (s) => `${s.plate} ${s.item}`,
    selectable: false,
    texts: { search: t('service.search'), loadFailed: t('service.loadFailed'), empty: t('service.empty') },
    exportName: 'service-records',
    exportColumns: [
      { header: t('service.servicedAt'), value: (s) => formatDateTime(s.servicedAt) },
      { header: t('service.vehicle'), value: (s) => s.plate },
      { header: t('service.item'), value: (s) => s.item },
      { header: t('service.content'), value: (s) => s.content },
      { header: t('service.mileage'), value: (s) => s.mileage },
      { header: t('service.labourCost'), value: (s) => s.labourCost },
      { header: t('service.partsCost'), value: (s) => s.partsCost },
      { header: t('service.cost'), value: (s) => s.cost },
      { header: t('service.lines'), value: (s) => s.lines.map((l) => `${l.name} × ${quantity(l.quantity)}`).join('; ') },
      { header: t('ledger.by'), value: (s) => s.createdByName },
    ],
    toolbar: can('add') ? (
      <Button variant="accent" size="sm" className="max-md:h-10" onClick={() => { setAdding(true); }} data-testid="service-add">
        <PlusIcon className="size-4" />
        {t('service.add')}
      </Button>
    ) : null,
  });
  const collect = collectOf<ServiceCollect>(list.data);
  return (
    <ResourceTab
      resource={list}
      totals={
        <>
          <Panel className="p-3">
            <VehicleSelect
              value={vehicle}
              onChange={(v) => {
                setVehicle(v);
                list.resetPage();
              }}
            />
          </Panel>
          {collect ? (
            <Totals
              testId="service-totals-list"
              label={t('service.totals')}
              figures={[
                { key: 'count', label: t('service.count'), value: collect.count },
                { key: 'labour', label: t('service.labourCost'), value: money(collect.labourCost) },
                { key: 'parts', label: t('service.partsCost'), value: money(collect.partsCost) },
                { key: 'cost', label: t('service.cost'), value: money(collect.cost) },
              ]}
            />
          ) : null}
        </>
      }
    >
      {adding ? <ServiceDialog onClose={() => { setAdding(false); }} /> : null}
    </ResourceTab>
  );
}
