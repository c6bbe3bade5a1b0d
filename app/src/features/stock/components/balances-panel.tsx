/** The balances (storageList): warehouse × item with quantity, average cost and value, low ones marked; the totals over them. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useResource } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { formatDateTime, orUndefined } from '@/lib/format';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { getBalances } from '../api/get-balances';
import { stockKeys } from '../api/keys';
import { collectOf, idOf, money, quantity } from '../model';
import type { Balance, BalanceCollect, BalanceListParams } from '../types';
import { ResourceTab } from './resource-tab';
import { useWarehouseChoices } from './selects';
import { Totals } from './totals';
import { useStockLabels } from './use-stock-labels';

const kindOf = (s: string | undefined): number | undefined => (s === '1' || s === '2' || s === '3' ? Number(s) : undefined);

export function BalancesPanel({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const menuPath = useMenuPath();
  const warehouses = useWarehouseChoices();
  const itemCell = (b: Balance) => {
    const path = menuPath('stockDetail', { id: b.itemId });
    return path ? (
      <Link to={path} className="text-accent hover:underline" data-testid={`balance-item-${String(b.itemId)}`}>
        {b.itemName}
      </Link>
    ) : (
      b.itemName
    );
  };
  const list = useResource<Balance, BalanceListParams, object, string>({
    title,
    testId: 'balances',
    queryKey: stockKeys.balances,
    fetchPage: getBalances,
    toParams: (v) => ({ warehouseId: idOf(v.warehouseId), kind: kindOf(v.kind), keyword: orUndefined(v.keyword), low: v.low === 'true' ? true : undefined }),
    searchFields: [
      { name: 'keyword', label: t('balance.keyword') },
      { name: 'warehouseId', label: t('balance.warehouse'), type: 'select', options: warehouses },
      { name: 'kind', label: t('item.kind'), type: 'select', options: labels.itemKindOptions.filter((o) => o.value !== 1) },
      { name: 'low', label: t('balance.lowOnly'), type: 'select', options: [{ value: 'true', label: t('balance.low') }] },
    ],
    columns: [
      { key: 'item', header: t('balance.item'), primary: true, cell: itemCell },
      { key: 'code', header: t('item.code'), cell: (b) => <span className="font-mono text-xs">{b.itemCode}</span> },
      { key: 'kind', header: t('item.kind'), cell: (b) => labels.itemKindName(b.kind), hideOnMobile: true },
      { key: 'warehouse', header: t('balance.warehouse'), cell: (b) => b.warehouseName },
      {
        key: 'quantity',
        header: t('balance.quantity'),
        align: 'right',
        cell: (b) => (
          <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="balance-quantity">
            {quantity(b.quantity)} {b.unit}
            {b.low ? <Badge tone="red">{t('balance.low')}</Badge> : null}
          </span>
        ),
      },
      { key: 'avgCost', header: t('balance.avgCost'), align: 'right', cell: (b) => money(b.avgCost) },
      { key: 'value', header: t('balance.value'), align: 'right', cell: (b) => money(b.value) },
      { key: 'lowStock', header: t('item.lowStock'), align: 'right', cell: (b) => quantity(b.lowStock), hideOnMobile: true },
      { key: 'updated', header: t('balance.updatedAt'), cell: (b) => formatDateTime(b.updatedAt), hideOnMobile: true },
    ],
    rowKey: (b) => `${String(b.warehouseId)}-${String(b.itemId)}`,
    rowLabel: (b) => `${b.warehouseName} ${b.itemName}`,
    selectable: false,
    texts: { search: t('balance.search'), loadFailed: t('balance.loadFailed'), empty: t('balance.empty') },
    exportName: 'stock-balances',
    exportColumns: [
      { header: t('balance.warehouse'), value: (b) => b.warehouseName },
      { header: t('item.code'), value: (b) => b.itemCode },
      { header: t('balance.item'), value: (b) => b.itemName },
      { header: t('item.kind'), value: (b) => labels.itemKindName(b.kind) },
      { header: t('balance.quantity'), value: (b) => b.quantity },
      { header: t('item.unit'), value: (b) => b.unit },
      { header: t('balance.avgCost'), value: (b) => b.avgCost },
      { header: t('balance.value'), value: (b) => b.value },
      { header: t('item.lowStock'), value: (b) => b.lowStock },
      { header: t('balance.low'), value: (b) => (b.low ? t('yes') : '') },
    ],
  });
  const collect = collectOf<BalanceCollect>(list.data);
  return (
    <ResourceTab
      resource={list}
      totals={
        collect ? (
          <Totals
            testId="balance-totals"
            label={t('balance.totals')}
            figures={[
              { key: 'items', label: t('balance.items'), value: collect.items },
              { key: 'quantity', label: t('balance.quantity'), value: quantity(collect.quantity) },
              { key: 'value', label: t('balance.value'), value: money(collect.value) },
              { key: 'low', label: t('balance.lowCount'), value: collect.low, tone: collect.low > 0 ? 'red' : 'default' },
            ]}
          />
        ) : null
      }
    />
  );
}
