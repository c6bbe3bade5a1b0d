/**
 * colony/maintenanceManage: the vehicles' service records (filters, totals, a new record with labour, part and tyre
 * lines issuing stock), the costs grouped by vehicle, item or month with a chart, and the service settings.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { ServiceCollectPanel } from '../components/service-collect';
import { ServiceRecords } from '../components/service-records';
import { ServiceSettingPanel } from '../components/service-setting-panel';

type Tab = 'records' | 'collect' | 'settings';
const TABS: readonly Tab[] = ['records', 'collect', 'settings'];

export default function MaintenanceManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('stock');
  const { lang } = useApp();
  const [tab, setTab] = useState<Tab>('records');
  const title = menuTitle(route, lang);
  return (
    <ViewPage title={title} description={t('maintenance.description')}>
      <Panel>
        <Tabs<Tab> idPrefix="maintenance" label={title} value={tab} onChange={setTab} className="px-2" tabs={TABS.map((id) => ({ id, label: t(`maintenance.tab.${id}`) }))} />
        <TabPanel idPrefix="maintenance" id="records" active={tab === 'records'} className="p-4">
          <ServiceRecords title={t('maintenance.tab.records')} />
        </TabPanel>
        <TabPanel idPrefix="maintenance" id="collect" active={tab === 'collect'} className="p-4">
          <ServiceCollectPanel />
        </TabPanel>
        <TabPanel idPrefix="maintenance" id="settings" active={tab === 'settings'} className="p-4">
          <ServiceSettingPanel />
        </TabPanel>
      </Panel>
    </ViewPage>
  );
}
