/** Sales (marketList): what was sold to whom, at what price and cost, with the period's revenue, cost and profit. */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { formatDateTime } from '@/lib/format';
import { getSales } from '../api/get-sales';
import { stockKeys } from '../api/keys';
import { cents, collectOf, dayRange, idOf, money, nonEmpty, quantity } from '../model';
import type { SaleCollect, SaleListParams, StockMove } from '../types';
import { dateFields } from './date-fields';
import { ResourceTab } from './resource-tab';
import { usePartnerChoices } from './selects';
import { Totals } from './totals';

const revenueOf = (m: StockMove) => m.revenue ?? cents(Math.abs(m.quantity) * (m.unitPrice ?? 0));
const costOf = (m: StockMove) => Math.abs(m.amount);

export function SalesPanel({ title }: { title: string }) {
  const { t } = useTranslation('stock');
  const customers = usePartnerChoices(2);
  const list = useResource<StockMove, SaleListParams, object, number>({
    title,
    testId: 'sales',
    queryKey: stockKeys.sales,
    fetchPage: getSales,
    toParams: (v) => ({ customerId: idOf(v.customerId), ...dayRange(v.from, v.to) }),
    searchFields: [{ name: 'customerId', label: t('sale.customer'), type: 'select', options: customers }, ...dateFields(t)],
    columns: [
      { key: 'at', header: t('ledger.occurredAt'), cell: (m) => formatDateTime(m.occurredAt), className: 'whitespace-nowrap' },
      { key: 'doc', header: t('ledger.docNo'), primary: true, cell: (m) => <span className="font-mono text-xs">{m.docNo}</span> },
      { key: 'customer', header: t('sale.customer'), cell: (m) => nonEmpty(m.customerName) ?? '—' },
      { key: 'item', header: t('ledger.item'), cell: (m) => `${m.itemCode} · ${m.itemName}` },
      { key: 'quantity', header: t('ledger.quantity'), align: 'right', cell: (m) => `${quantity(Math.abs(m.quantity))} ${m.unit}` },
      { key: 'price', header: t('sale.unitPrice'), align: 'right', cell: (m) => money(m.unitPrice) },
      { key: 'revenue', header: t('sale.revenue'), align: 'right', cell: (m) => money(revenueOf(m)) },
      { key: 'cost', header: t('sale.cost'), align: 'right', cell: (m) => money(costOf(m)) },
      { key: 'profit', header: t('sale.profit'), align: 'right', cell: (m) => money(cents(revenueOf(m) - costOf(m))) },
      { key: 'warehouse', header: t('ledger.warehouse'), cell: (m) => m.warehouseName, hideOnMobile: true },
    ],
    rowKey: (m) => m.id,
    rowLabel: (m) => m.docNo,
    selectable: false,
    texts: { search: t('sale.search'), loadFailed: t('sale.loadFailed'), empty: t('sale.empty') },
    exportName: 'stock-sales',
    exportColumns: [
      { header: t('ledger.occurredAt'), value: (m) => formatDateTime(m.occurredAt) },
      { header: t('ledger.docNo'), value: (m) => m.docNo },
      { header: t('sale.customer'), value: (m) => m.customerName },
      { header: t('ledger.itemCode'), value: (m) => m.itemCode },
      { header: t('ledger.item'), value: (m) => m.itemName },
      { header: t('ledger.quantity'), value: (m) => Math.abs(m.quantity) },
      { header: t('sale.unitPrice'), value: (m) => m.unitPrice },
      { header: t('sale.revenue'), value: revenueOf },
      { header: t('sale.cost'), value: costOf },
      { header: t('sale.profit'), value: (m) => cents(revenueOf(m) - costOf(m)) },
    ],
  });
  const collect = collectOf<SaleCollect>(list.data);
  return (
    <ResourceTab
      resource={list}
      totals={
        collect ? (
          <Totals
            testId="sale-totals"
            label={t('sale.totals')}
            figures={[
              { key: 'quantity', label: t('ledger.quantity'), value: quantity(collect.quantity) },
              { key: 'revenue', label: t('sale.revenue'), value: money(collect.revenue) },
              { key: 'cost', label: t('sale.cost'), value: money(collect.cost) },
              { key: 'profit', label: t('sale.profit'), value: money(collect.profit), tone: collect.profit < 0 ? 'red' : 'green' },
            ]}
          />
        ) : null
      }
    />
  );
}
