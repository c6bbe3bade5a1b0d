/**
 * dataManage/tyreMileage: the tyres as assets. Tabs: the inventory (filters, counts per state, mount / rotate /
 * dismount, the import), mileage and cost by tyre, brand or model, the summary (cost per km by brand, charted), and
 * the tread depths of a vehicle.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TreadDepths } from '../components/tread-depths';
import { TyreCosts } from '../components/tyre-costs';
import { TyreInventory } from '../components/tyre-inventory';
import { TyreSummary } from '../components/tyre-summary';

type Tab = 'inventory' | 'mileage' | 'summary' | 'tread';
const TABS: readonly Tab[] = ['inventory', 'mileage', 'summary', 'tread'];

export default function TyreMileageView({ route }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const [tab, setTab] = useState<Tab>('inventory');
  const title = menuTitle(route, lang);
  return (
    <ViewPage title={title} description={t('tyres.description')}>
      <Panel>
        <Tabs<Tab> idPrefix="tyres" label={title} value={tab} onChange={setTab} className="px-2" tabs={TABS.map((id) => ({ id, label: t(`tyres.tab.${id}`) }))} />
        <TabPanel idPrefix="tyres" id="inventory" active={tab === 'inventory'} className="p-4">
          <TyreInventory title={t('tyres.tab.inventory')} />
        </TabPanel>
        <TabPanel idPrefix="tyres" id="mileage" active={tab === 'mileage'} className="p-4">
          <TyreCosts title={t('tyres.tab.mileage')} />
        </TabPanel>
        <TabPanel idPrefix="tyres" id="summary" active={tab === 'summary'} className="p-4">
          <TyreSummary />
        </TabPanel>
        <TabPanel idPrefix="tyres" id="tread" active={tab === 'tread'} className="p-4">
          <TreadDepths />
        </TabPanel>
      </Panel>
    </ViewPage>
  );
}
