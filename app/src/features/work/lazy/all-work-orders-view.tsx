/**
 * project/allWorkOrders: every order in scope, read-only, with export; above the list the statistics of the opening
 * range (drill-down into the orders behind a count) and the trend chart.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Pager } from '@/components/crud/pager';
import { ResourceView } from '@/components/crud/resource-view';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/fields';
import { CloseIcon } from '@/components/ui/icons';
import type { OrderRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useDetails } from '../api/get-details';
import { getOrders } from '../api/get-orders';
import { workKeys } from '../api/keys';
import { toListParams, useOrderColumns, useOrderSearchFields, type OrderFilters } from '../components/order-columns';
import { StatisticsHeader, type Drill } from '../components/statistics';
import { Trend } from '../components/trend';
import { lastDays } from '../model';

export default function AllWorkOrdersView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const { columns, exportColumns } = useOrderColumns();
  const searchFields = useOrderSearchFields();
  const [range, setRange] = useState(() => lastDays(30, new Date()));
  const [drill, setDrill] = useState<Drill | null>(null);
  return (
    <ResourceView<OrderRow, OrderFilters, object, number>
      title={menuTitle(route, lang)}
      description={t('stats.description')}
      testId="all-orders"
      queryKey={workKeys.orders}
      fetchPage={getOrders}
      toParams={toListParams}
      searchFields={searchFields}
      columns={columns}
      rowKey={(o) => o.id}
      rowLabel={(o) => `${o.number} ${o.title}`}
      exportName="all-work-orders"
      exportColumns={exportColumns}
      selectable={false}
      texts={{ search: t('list.search'), loadFailed: t('list.loadFailed'), empty: t('list.empty') }}
      header={
        <>
          <Panel className="flex flex-wrap items-end gap-3 p-4">
            <Field label={t('stats.from')} htmlFor="stats-from" className="w-full sm:w-44">
              <TextInput id="stats-from" type="date" value={range.from} max={range.to} onChange={(e) => { if (e.target.value) setRange((r) => ({ ...r, from: e.target.value })); }} />
            </Field>
            <Field label={t('stats.to')} htmlFor="stats-to" className="w-full sm:w-44">
              <TextInput id="stats-to" type="date" value={range.to} min={range.from} onChange={(e) => { if (e.target.value) setRange((r) => ({ ...r, to: e.target.value })); }} />
            </Field>
          </Panel>
          <StatisticsHeader from={range.from} to={range.to} onDrill={setDrill} />
          {drill ? <DrillDown drill={drill} from={range.from} to={range.to} onClose={() => { setDrill(null); }} /> : null}
          <Trend from={range.from} to={range.to} />
        </>
      }
    />
  );
}

function DrillDown({ drill, from, to, onClose }: { drill: Drill; from: string; to: string; onClose: () => void }) {
  const { t } = useTranslation('work');
  const { columns } = useOrderColumns();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const details = useDetails({ dimension: drill.dimension, value: drill.value, from, to, ...paging });
  return (
    <Panel
      title={t('stats.drill', { label: drill.label })}
      actions={
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('stats.closeDrill')}>
          <CloseIcon className="size-4" />
        </Button>
      }
    >
      <DataTable
        caption={drill.label}
        columns={columns}
        rows={details.data?.list ?? []}
        rowKey={(o) => o.id}
        loading={details.isPending}
        error={details.isError ? t('list.loadFailed') : null}
        onRetry={() => void details.refetch()}
        testId="drill-table"
      />
      <div className="px-3">
        <Pager total={details.data?.total ?? 0} totalCapped={details.data?.totalCapped} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => { setPaging({ page, pageSize }); }} />
      </div>
    </Panel>
  );
}
