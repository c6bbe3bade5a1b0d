/** The ledger's columns and export columns (storageRecord), shared by the stock view's ledger and an item's detail. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Column } from '@/components/crud/data-table';
import type { ExportColumn } from '@/components/crud/export-all';
import { Badge } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { money, moveTone, nonEmpty, signedQuantity } from '../model';
import type { StockMove } from '../types';
import { useStockLabels } from './use-stock-labels';

/** Who the move was with: the supplier, the customer, or the vehicle (and work order). */
export function counterpart(m: StockMove): string {
  return nonEmpty(m.supplierName) ?? nonEmpty(m.customerName) ?? nonEmpty(m.plate) ?? '';
}

export function useMoveColumns({ withItem = true }: { withItem?: boolean } = {}) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const menuPath = useMenuPath();
  const itemCell = (m: StockMove) => {
    const path = menuPath('stockDetail', { id: m.itemId });
    const text = `${m.itemCode} · ${m.itemName}`;
    return path ? (
      <Link to={path} className="text-accent hover:underline">
        {text}
      </Link>
    ) : (
      text
    );
  };
  const columns: Column<StockMove>[] = [
    { key: 'at', header: t('ledger.occurredAt'), cell: (m) => formatDateTime(m.occurredAt), className: 'whitespace-nowrap' },
    { key: 'doc', header: t('ledger.docNo'), primary: true, cell: (m) => <span className="font-mono text-xs">{m.docNo}</span> },
    { key: 'kind', header: t('ledger.kind'), cell: (m) => <Badge tone={moveTone(m.quantity) === 'red' ? 'red' : moveTone(m.quantity) === 'green' ? 'green' : 'slate'}>{labels.kindName(m.kind)}</Badge> },
    { key: 'warehouse', header: t('ledger.warehouse'), cell: (m) => m.warehouseName },
    ...(withItem ? [{ key: 'item', header: t('ledger.item'), cell: itemCell }] : []),
    {
      key: 'quantity',
      header: t('ledger.quantity'),
      align: 'right',
      cell: (m) => (
        <span className={moveTone(m.quantity) === 'red' ? 'text-red-600 tabular-nums' : 'text-emerald-700 tabular-nums'}>
          {signedQuantity(m.quantity)} {m.unit}
        </span>
      ),
    },
    { key: 'unitCost', header: t('ledger.unitCost'), align: 'right', cell: (m) => money(m.unitCost), hideOnMobile: true },
    { key: 'amount', header: t('ledger.amount'), align: 'right', cell: (m) => money(m.amount) },
    { key: 'balance', header: t('ledger.balanceAfter'), align: 'right', cell: (m) => m.balanceAfter },
    { key: 'with', header: t('ledger.counterpart'), cell: (m) => counterpart(m) || '—' },
    { key: 'tyres', header: t('ledger.tyres'), cell: (m) => m.tyres.map((x) => x.serial).join(', ') || '—', hideOnMobile: true },
    { key: 'by', header: t('ledger.by'), cell: (m) => m.createdByName, hideOnMobile: true },
    { key: 'remark', header: t('ledger.remark'), cell: (m) => m.remark || '—', hideOnMobile: true },
  ];
  const exportColumns: ExportColumn<StockMove>[] = [
    { header: t('ledger.occurredAt'), value: (m) => formatDateTime(m.occurredAt) },
    { header: t('ledger.docNo'), value: (m) => m.docNo },
    { header: t('ledger.kind'), value: (m) => labels.kindName(m.kind) },
    { header: t('ledger.warehouse'), value: (m) => m.warehouseName },
    { header: t('ledger.itemCode'), value: (m) => m.itemCode },
    { header: t('ledger.item'), value: (m) => m.itemName },
    { header: t('ledger.quantity'), value: (m) => m.quantity },
    { header: t('ledger.unit'), value: (m) => m.unit },
    { header: t('ledger.unitCost'), value: (m) => m.unitCost },
    { header: t('ledger.amount'), value: (m) => m.amount },
    { header: t('ledger.balanceAfter'), value: (m) => m.balanceAfter },
    { header: t('ledger.counterpart'), value: counterpart },
    { header: t('ledger.tyres'), value: (m) => m.tyres.map((x) => x.serial).join(' ') },
    { header: t('ledger.by'), value: (m) => m.createdByName },
    { header: t('ledger.remark'), value: (m) => m.remark },
  ];
  return { columns, exportColumns };
}
