/**
 * The map's exports of work orders, through the kit's export dialog (CSV or XLSX, every page of `/work/list`):
 * - work orders, filtered by opening days and state;
 * - after-service records: resolved and closed orders by the day they were resolved, with their repair record.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ExportDialog, type ExportSpec } from '@/components/crud/export-dialog';
import type { MenuEntry } from '@/components/ui/menu-button';
import type { OrderRow } from '@/lib/api-types';
import { orUndefined } from '@/lib/format';
import { getOrders } from '../api/get-orders';
import { CLOSED, RESOLVED } from '../model';
import { useEnumOptions } from './badges';
import { toListParams, useOrderExportColumns, type OrderExportKey, type OrderFilters } from './order-columns';

type Which = 'orders' | 'afterService';

const ORDER_COLUMNS: readonly OrderExportKey[] = ['number', 'type', 'state', 'grade', 'priority', 'title', 'plate', 'requester', 'assignee', 'created', 'due', 'resolved', 'cost', 'address'];
const AFTER_SERVICE_COLUMNS: readonly OrderExportKey[] = ['number', 'plate', 'type', 'title', 'assignee', 'resolved', 'closed', 'cost', 'repair'];

/** The menu entries that open the two export dialogs, and the open dialog (render it somewhere on the page). */
export function useOrderExports(): { entries: MenuEntry[]; dialog: ReactNode } {
  const { t } = useTranslation('work');
  const enums = useEnumOptions();
  const [open, setOpen] = useState<Which | null>(null);
  const orderColumns = useOrderExportColumns(ORDER_COLUMNS);
  const serviceColumns = useOrderExportColumns(AFTER_SERVICE_COLUMNS);

  const specs: Record<Which, ExportSpec<OrderFilters, OrderRow>> = {
    orders: {
      name: 'work-orders',
      dated: true,
      title: t('exports.ordersTitle'),
      testId: 'export-orders',
      fetchPage: getOrders,
      params: {},
      columns: orderColumns,
      filters: {
        fields: [
          { name: 'from', label: t('list.from'), type: 'date' },
          { name: 'to', label: t('list.to'), type: 'date' },
          { name: 'state', label: t('field.state'), type: 'select', options: enums.states },
        ],
        toParams: toListParams,
      },
    },
    afterService: {
      name: 'after-service',
      dated: true,
      title: t('exports.afterServiceTitle'),
      testId: 'export-after-service',
      fetchPage: getOrders,
      params: { states: [RESOLVED, CLOSED] },
      columns: serviceColumns,
      filters: {
        fields: [
          { name: 'resolvedFrom', label: t('exports.resolvedFrom'), type: 'date' },
          { name: 'resolvedTo', label: t('exports.resolvedTo'), type: 'date' },
        ],
        toParams: (v) => ({ resolvedFrom: orUndefined(v.resolvedFrom), resolvedTo: orUndefined(v.resolvedTo) }),
      },
    },
  };

  const entry = (key: Which, label: string): MenuEntry => ({
    key,
    label,
    onSelect: () => {
      setOpen(key);
    },
  });
  return {
    entries: [entry('orders', t('exports.orders')), entry('afterService', t('exports.afterService'))],
    dialog: open ? (
      <ExportDialog
        key={open}
        spec={specs[open]}
        onClose={() => {
          setOpen(null);
        }}
      />
    ) : null,
  };
}
