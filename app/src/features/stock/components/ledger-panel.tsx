/** The ledger (storageRecord), newest first, with the totals in and out; an item's detail shows its own moves. */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { orUndefined } from '@/lib/format';
import { getMoves } from '../api/get-moves';
import { stockKeys } from '../api/keys';
import { collectOf, dayRange, idOf, isMoveKind, money, MOVE_KINDS, quantity } from '../model';
import type { MoveListParams, RecordCollect, StockMove } from '../types';
import { dateFields } from './date-fields';
import { useMoveColumns } from './move-columns';
import { ResourceTab } from './resource-tab';
import { useWarehouseChoices } from './selects';
import { Totals } from './totals';
import { useStockLabels } from './use-stock-labels';

export function LedgerPanel({ title, itemId, testId = 'ledger' }: { title: string; itemId?: number; testId?: string }) {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const warehouses = useWarehouseChoices();
  const { columns, exportColumns } = useMoveColumns({ withItem: itemId === undefined });
  const list = useResource<StockMove, MoveListParams, object, number>({
    title,
    testId,
    queryKey: stockKeys.moves,
    fetchPage: getMoves,
    toParams: (v) => ({
      itemId,
      warehouseId: idOf(v.warehouseId),
      kind: v.kind && isMoveKind(v.kind) ? v.kind : undefined,
      docNo: orUndefined(v.docNo?.trim()),
      ...dayRange(v.from, v.to),
    }),
    searchFields: [
      { name: 'docNo', label: t('ledger.docNo') },
      { name: 'warehouseId', label: t('ledger.warehouse'), type: 'select', options: warehouses },
      { name: 'kind', label: t('ledger.kind'), type: 'select', options: MOVE_KINDS.map((k) => ({ value: k, label: labels.kindName(k) })) },
      ...dateFields(t),
    ],
    columns,
    rowKey: (m) => m.id,
    rowLabel: (m) => m.docNo,
    selectable: false,
    texts: { search: t('ledger.search'), loadFailed: t('ledger.loadFailed'), empty: t('ledger.empty') },
    exportName: itemId === undefined ? 'stock-ledger' : `stock-ledger-item-${String(itemId)}`,
    exportColumns,
  });
  const collect = collectOf<RecordCollect>(list.data);
  return (
    <ResourceTab
      resource={list}
      totals={
        collect ? (
          <Totals
            testId={`${testId}-totals`}
            label={t('ledger.totals')}
            figures={[
              { key: 'quantityIn', label: t('ledger.quantityIn'), value: quantity(collect.quantityIn), tone: 'green' },
              { key: 'quantityOut', label: t('ledger.quantityOut'), value: quantity(collect.quantityOut), tone: 'red' },
              { key: 'amountIn', label: t('ledger.amountIn'), value: money(collect.amountIn) },
              { key: 'amountOut', label: t('ledger.amountOut'), value: money(collect.amountOut) },
            ]}
          />
        ) : null
      }
    />
  );
}
