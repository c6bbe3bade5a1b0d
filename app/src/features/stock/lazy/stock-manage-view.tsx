/**
 * colony/stockManage: the enterprise's stock. Stock in (receipt from a supplier, return, retread back) and stock out
 * (issue to a vehicle or work order, sale, transfer, scrap, stocktake, retread out) in one move dialog; imports of
 * opening stock and of tyres; tabs for the balances with their totals, the ledger, sales, warehouses, items and the
 * settings (negative stock, valuation, low-stock alerts).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';

import { ImportDialog } from '@/components/crud/import-dialog';
import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { DownloadIcon, UploadIcon } from '@/components/ui/icons';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { AFTER_MOVE } from '../api/keys';
import { BalancesPanel } from '../components/balances-panel';
import { DrpSettingPanel } from '../components/drp-setting-panel';
import { ItemsPanel } from '../components/items-panel';
import { LedgerPanel } from '../components/ledger-panel';
import { MoveDialog } from '../components/move-dialog';
import { SalesPanel } from '../components/sales-panel';
import { openingImport, tyreImport } from '../components/stock-imports';
import { WarehousesPanel } from '../components/warehouses-panel';
import { IN_KINDS, OUT_KINDS } from '../model';

type Tab = 'balances' | 'ledger' | 'sales' | 'warehouses' | 'items' | 'settings';
const TABS: readonly Tab[] = ['balances', 'ledger', 'sales', 'warehouses', 'items', 'settings'];

export default function StockManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const can = useButtons();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('balances');
  const [moving, setMoving] = useState<'in' | 'out' | null>(null);
  const [importing, setImporting] = useState<'opening' | 'tyres' | null>(null);
  const title = menuTitle(route, lang);
  const canImport = can('import') || can('add');
  const importer = importing === 'opening' ? openingImport(t('import.opening')) : importing === 'tyres' ? tyreImport(t('import.tyres')) : null;
  return (
    <ViewPage
      title={title}
      description={t('stock.description')}
      actions={
        <>
          {canImport ? (
            <>
              <Button variant="secondary" size="sm" className="max-md:h-10" onClick={() => { setImporting('opening'); }} data-testid="import-opening">
                <UploadIcon className="size-4" />
                {t('import.opening')}
              </Button>
              <Button variant="secondary" size="sm" className="max-md:h-10" onClick={() => { setImporting('tyres'); }} data-testid="import-tyres">
                <UploadIcon className="size-4" />
                {t('import.tyres')}
              </Button>
            </>
          ) : null}
          {can('add') ? (
            <>
              <Button variant="secondary" size="sm" className="max-md:h-10" onClick={() => { setMoving('out'); }} data-testid="stock-out">
                <UploadIcon className="size-4" />
                {t('stock.out')}
              </Button>
              <Button variant="accent" size="sm" className="max-md:h-10" onClick={() => { setMoving('in'); }} data-testid="stock-in">
                <DownloadIcon className="size-4" />
                {t('stock.in')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Panel>
        <Tabs<Tab> idPrefix="stock" label={title} value={tab} onChange={setTab} className="px-2" tabs={TABS.map((id) => ({ id, label: t(`stock.tab.${id}`) }))} />
        <TabPanel idPrefix="stock" id="balances" active={tab === 'balances'} className="p-4">
          <BalancesPanel title={t('stock.tab.balances')} />
        </TabPanel>
        <TabPanel idPrefix="stock" id="ledger" active={tab === 'ledger'} className="p-4">
          <LedgerPanel title={t('stock.tab.ledger')} />
        </TabPanel>
        <TabPanel idPrefix="stock" id="sales" active={tab === 'sales'} className="p-4">
          <SalesPanel title={t('stock.tab.sales')} />
        </TabPanel>
        <TabPanel idPrefix="stock" id="warehouses" active={tab === 'warehouses'} className="p-4">
          <WarehousesPanel title={t('stock.tab.warehouses')} />
        </TabPanel>
        <TabPanel idPrefix="stock" id="items" active={tab === 'items'} className="p-4">
          <ItemsPanel title={t('stock.tab.items')} />
        </TabPanel>
        <TabPanel idPrefix="stock" id="settings" active={tab === 'settings'} className="p-4">
          <DrpSettingPanel />
        </TabPanel>
      </Panel>
      {moving ? (
        <MoveDialog
          kinds={moving === 'in' ? IN_KINDS : OUT_KINDS}
          title={moving === 'in' ? t('stock.in') : t('stock.out')}
          testId={moving === 'in' ? 'stock-in-dialog' : 'stock-out-dialog'}
          onClose={() => { setMoving(null); }}
        />
      ) : null}
      {importer ? (
        <ImportDialog
          {...importer}
          onDone={() => {
            for (const queryKey of AFTER_MOVE) void client.invalidateQueries({ queryKey });
          }}
          onClose={() => { setImporting(null); }}
        />
      ) : null}
    </ViewPage>
  );
}
