/**
 * project/orderList, "my orders": what waits on me (`processing`: assigned to me and open, or requested by me and
 * resolved), the orders I requested and the ones assigned to me. Export on each tab.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useResource, type Resource } from '@/components/crud/resource-view';
import { Panel, ViewPage } from '@/components/crud/view';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import type { OrderRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { getOrders } from '../api/get-orders';
import { getProcessing } from '../api/get-processing';
import { workKeys } from '../api/keys';
import { toListParams, useOrderColumns, useOrderSearchFields, type OrderFilters } from '../components/order-columns';

type Tab = 'waiting' | 'requested' | 'assigned';

export default function OrderListView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const [tab, setTab] = useState<Tab>('waiting');
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('mine.description')}>
      <Tabs<Tab>
        tabs={[
          { id: 'waiting', label: t('mine.waiting') },
          { id: 'requested', label: t('mine.requested') },
          { id: 'assigned', label: t('mine.assigned') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('mine.tabs')}
        idPrefix="my-orders"
      />
      <TabPanel idPrefix="my-orders" id={tab} active>
        {tab === 'waiting' ? <Waiting /> : <Mine which={tab} />}
      </TabPanel>
    </ViewPage>
  );
}

function Waiting() {
  const { t } = useTranslation('work');
  const { columns, exportColumns } = useOrderColumns();
  const r = useResource<OrderRow, Record<string, never>, object, number>({
    title: t('mine.waiting'),
    testId: 'orders-waiting',
    queryKey: [...workKeys.orders, 'processing'],
    fetchPage: getProcessing,
    toParams: () => ({}),
    columns,
    rowKey: (o) => o.id,
    rowLabel: (o) => o.number,
    exportName: 'orders-waiting',
    exportColumns,
    selectable: false,
    texts: { empty: t('mine.nothingWaiting'), loadFailed: t('list.loadFailed') },
  });
  return <Layout r={r} />;
}

function Mine({ which }: { which: 'requested' | 'assigned' }) {
  const { t } = useTranslation('work');
  const { user } = useApp();
  const me = typeof user?.ID === 'number' ? user.ID : (user?.id ?? 0);
  const { columns, exportColumns } = useOrderColumns();
  const searchFields = useOrderSearchFields(false);
  const r = useResource<OrderRow, OrderFilters, object, number>({
    title: t(`mine.${which}`),
    testId: `orders-${which}`,
    queryKey: workKeys.orders,
    fetchPage: getOrders,
    toParams: (v) => ({ ...toListParams(v), ...(which === 'requested' ? { requesterId: me } : { assigneeId: me }) }),
    searchFields: searchFields.filter((f) => f.name !== (which === 'requested' ? 'requesterId' : 'assigneeId')),
    columns,
    rowKey: (o) => o.id,
    rowLabel: (o) => o.number,
    exportName: `orders-${which}`,
    exportColumns,
    selectable: false,
    texts: { search: t('list.search'), empty: t('list.empty'), loadFailed: t('list.loadFailed') },
  });
  return <Layout r={r} />;
}

function Layout({ r }: { r: Resource<OrderRow, object, number> }) {
  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap justify-end gap-2">{r.toolbar}</div>
      {r.search ? <Panel className="p-4">{r.search}</Panel> : null}
      <Panel>
        {r.table}
        {r.pager ? <div className="px-3">{r.pager}</div> : null}
      </Panel>
      {r.dialogs}
    </div>
  );
}
