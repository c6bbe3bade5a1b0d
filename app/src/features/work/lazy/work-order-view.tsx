/**
 * project/workOrder: the working list of orders. Filters (state, type, assignee, vehicle, opening days, keyword,
 * overdue, mine), open / edit / delete, export (CSV/XLSX). The list is in the server's order (newest first): the
 * list call sorts no other way, so the columns do not offer sorting.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ResourceView } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import type { OrderDetail, OrderRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useDeleteOrders } from '../api/delete-orders';
import { getOrder } from '../api/get-order';
import { getOrders } from '../api/get-orders';
import { workKeys } from '../api/keys';
import { useOrderColumns, useOrderPath, useOrderSearchFields, toListParams, type OrderFilters } from '../components/order-columns';
import { OrderForm } from '../components/order-form';
import { PENDING, IN_PROGRESS } from '../model';

export default function WorkOrderView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const can = useButtons();
  const navigate = useNavigate();
  const path = useOrderPath();
  const { columns, exportColumns } = useOrderColumns();
  const searchFields = useOrderSearchFields();
  const del = useDeleteOrders();
  const [editing, setEditing] = useState<{ order: OrderDetail | null } | null>(null);

  const edit = async (row: OrderRow) => {
    try {
      setEditing({ order: await getOrder({ id: row.id }) });
    } catch {
      // the request layer said why
    }
  };

  return (
    <ResourceView<OrderRow, OrderFilters, object, number>
      title={menuTitle(route, lang)}
      description={t('list.description')}
      testId="work-orders"
      queryKey={workKeys.orders}
      fetchPage={getOrders}
      toParams={toListParams}
      searchFields={searchFields}
      columns={columns}
      rowKey={(o) => o.id}
      rowLabel={(o) => `${o.number} ${o.title}`}
      exportName="work-orders"
      exportColumns={exportColumns}
      texts={{ search: t('list.search'), loadFailed: t('list.loadFailed'), empty: t('list.empty'), confirmDelete: (o) => t('list.confirmDelete', { number: o.number }) }}
      toolbar={
        can('add') ? (
          <Button variant="accent" size="sm" className="max-md:h-10" onClick={() => { setEditing({ order: null }); }} data-testid="order-add">
            <PlusIcon className="size-4" />
            {t('list.add')}
          </Button>
        ) : null
      }
      rowActions={(o) => (
        <>
          <RowAction onClick={() => void navigate(path(o.id))}>{t('list.open')}</RowAction>
          {can('edit') && (o.state === PENDING || o.state === IN_PROGRESS) ? <RowAction onClick={() => void edit(o)}>{t('list.edit')}</RowAction> : null}
        </>
      )}
      remove={(ids) => del.mutateAsync({ ids })}
    >
      {editing ? (
        <OrderForm
          order={editing.order}
          onClose={() => { setEditing(null); }}
          onSaved={(o) => {
            if (!editing.order) void navigate(path(o.id));
          }}
        />
      ) : null}
    </ResourceView>
  );
}
