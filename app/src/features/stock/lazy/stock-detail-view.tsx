/** colony/stockDetail/:id: one item (id = the item's id): its balance in each warehouse with the totals, and its moves. */
import { useTranslation } from 'react-i18next';

import { useResource } from '@/components/crud/resource-view';
import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { formatDateTime } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { getBalances } from '../api/get-balances';
import { stockKeys } from '../api/keys';
import { LedgerPanel } from '../components/ledger-panel';
import { Totals } from '../components/totals';
import { useStockLabels } from '../components/use-stock-labels';
import { collectOf, money, quantity } from '../model';
import type { Balance, BalanceCollect, BalanceListParams } from '../types';

export default function StockDetailView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const labels = useStockLabels();
  const menuPath = useMenuPath();
  const itemId = Number(params.id);
  const valid = Number.isInteger(itemId) && itemId > 0;
  const back = menuPath('stockManage');
  const balances = useResource<Balance, BalanceListParams, object, number>({
    title: t('detail.balances'),
    testId: 'item-balances',
    queryKey: [...stockKeys.balances, 'item'],
    fetchPage: getBalances,
    enabled: valid,
    toParams: () => ({ itemId }),
    columns: [
      { key: 'warehouse', header: t('balance.warehouse'), primary: true, cell: (b) => b.warehouseName },
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
      { key: 'updated', header: t('balance.updatedAt'), cell: (b) => formatDateTime(b.updatedAt) },
    ],
    rowKey: (b) => b.warehouseId,
    rowLabel: (b) => b.warehouseName,
    selectable: false,
    texts: { loadFailed: t('balance.loadFailed'), empty: t('detail.noBalances') },
  });
  const first = balances.rows[0];
  const collect = collectOf<BalanceCollect>(balances.data);
  const heading = first ? `${first.itemName} (${first.itemCode})` : t('detail.itemN', { id: params.id ?? '' });
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      description={heading}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('detail.back')}
          </LinkButton>
        ) : null
      }
    >
      {!valid ? (
        <Panel className="p-4">
          <p className="text-sm text-slate-600">{t('detail.badId')}</p>
        </Panel>
      ) : (
        <>
          <Panel title={t('detail.balances')} actions={<>{first ? <Badge tone="blue">{labels.itemKindName(first.kind)}</Badge> : null}{balances.toolbar}</>}>
            {collect ? (
              <div className="p-4 pb-0">
                <Totals
                  testId="item-totals"
                  label={t('balance.totals')}
                  figures={[
                    { key: 'quantity', label: t('balance.quantity'), value: `${quantity(collect.quantity)} ${first?.unit ?? ''}` },
                    { key: 'value', label: t('balance.value'), value: money(collect.value) },
                    { key: 'items', label: t('detail.warehouses'), value: balances.rows.length },
                    { key: 'low', label: t('balance.lowCount'), value: collect.low, tone: collect.low > 0 ? 'red' : 'default' },
                  ]}
                />
              </div>
            ) : null}
            {balances.table}
            {balances.pager ? <div className="px-3">{balances.pager}</div> : null}
          </Panel>
          <Panel title={t('detail.moves')}>
            <div className="p-4">
              <LedgerPanel title={t('detail.moves')} itemId={itemId} testId="item-ledger" />
            </div>
          </Panel>
        </>
      )}
    </ViewPage>
  );
}
