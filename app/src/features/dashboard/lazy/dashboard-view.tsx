/**
 * /dashboard: the fleet over finished days. Three tabs, each in the URL (`?tab=`): the overview of a period (`?days=`
 * or `?from=&to=`), the user's boards of charts, and the daily / weekly / monthly reports. Browser only (lazy).
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

import { ViewPage } from '@/components/crud/view';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { utcToday } from '@/lib/days';
import { periodFromQuery, periodQuery } from '../model';
import { Boards } from '../components/boards';
import { Overview } from '../components/overview';
import { PeriodPicker } from '../components/period-picker';
import { Reports } from '../components/reports';

const TABS = ['overview', 'board', 'reports'] as const;
type Tab = (typeof TABS)[number];

export default function DashboardView() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const today = utcToday();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'overview';
  const period = periodFromQuery(params, today);
  const setQuery = (next: Record<string, string>) => {
    setParams(next, { replace: false });
  };
  const keep = (names: readonly string[]) => Object.fromEntries(names.flatMap((n) => (params.get(n) ? [[n, params.get(n) ?? '']] : [])));
  return (
    <ViewPage title={t('page.title')} description={t('page.description')} className="print:max-w-none print:p-0">
      <Tabs
        tabs={TABS.map((id) => ({ id, label: t(`tab.${id}`) }))}
        value={tab}
        onChange={(id) => {
          setQuery({ ...keep(['days', 'from', 'to']), ...(id === 'overview' ? {} : { tab: id }) });
        }}
        label={t('page.title')}
        idPrefix="dashboard"
        className="print:hidden"
      />
      <TabPanel idPrefix="dashboard" id="overview" active={tab === 'overview'} className="space-y-4">
        <PeriodPicker
          key={`picker-${period.from}-${period.to}`}
          period={period}
          today={today}
          onChange={(p) => {
            setQuery(periodQuery(p));
          }}
        />
        <Overview key={`overview-${period.from}-${period.to}`} period={period} />
      </TabPanel>
      <TabPanel idPrefix="dashboard" id="board" active={tab === 'board'}>
        <Boards
          today={today}
          boardId={Number(params.get('board')) || null}
          onBoard={(id) => {
            setQuery({ tab: 'board', ...(id ? { board: String(id) } : {}) });
          }}
        />
      </TabPanel>
      <TabPanel idPrefix="dashboard" id="reports" active={tab === 'reports'}>
        <Reports
          today={today}
          query={params}
          onQuery={(q) => {
            setQuery({ tab: 'reports', ...q });
          }}
        />
      </TabPanel>
    </ViewPage>
  );
}
