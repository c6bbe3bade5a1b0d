/**
 * dataManage/panel4 … panel22: one fixed chart of the fleet's roll-ups each (panels.ts), over the period in the URL
 * (`?days=` or `?from=&to=`), with its numbers as a table.
 */
import { useTranslation } from 'react-i18next';

import { ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { BoardChartBody } from '../components/board-chart';
import { useUrlPeriod } from '../components/period-picker';
import { useBoardLabels } from '../components/use-board-labels';
import { panelOf, periodChart } from '../panels';

export default function PanelView({ route }: MenuViewProps) {
  const { t } = useTranslation('dashboard');
  const { lang } = useApp();
  const labels = useBoardLabels();
  const { period, today, picker } = useUrlPeriod();
  const panel = panelOf(route.component);
  if (!panel) return null;
  const { number, chart } = panel;
  const key = String(number) as '4';
  const title = t(`panel.${key}.title`);
  return (
    <ViewPage title={`${menuTitle(route, lang)} · ${title}`} description={t(`panel.${key}.note`)}>
      <div className="space-y-4" data-testid="data-panel">
        {picker}
        <p className="text-xs text-slate-500">{[labels.kind(chart.kind), labels.measure(chart.measure), labels.grouping(chart.grouping)].join(' · ')}</p>
        <BoardChartBody key={`${period.from}-${period.to}`} chart={periodChart(chart, title, period)} today={today} className="h-80" tableOpen />
      </div>
    </ViewPage>
  );
}
