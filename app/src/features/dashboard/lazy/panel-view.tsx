/**
 * dataManage/panel4 … panel22: one fixed chart of the fleet's roll-ups each (panels.ts), over the period in the URL
 * (`?days=` or `?from=&to=`), with its numbers as a table.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

import { ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { utcToday } from '@/lib/days';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { BoardChartBody } from '../components/board-chart';
import { PeriodPicker } from '../components/period-picker';
import { useBoardLabels } from '../components/use-board-labels';
import { periodFromQuery, periodQuery } from '../model';
import { panelBoardChart, panelOf } from '../panels';

export default function PanelView({ route }: MenuViewProps) {
  const { t } = useTranslation('dashboard');
  const { lang } = useApp();
  const labels = useBoardLabels();
  const [params, setParams] = useSearchParams();
  const today = utcToday();
  const period = periodFromQuery(params, today);
  const panel = panelOf(route.component);
  if (!panel) return null;
  const { number, chart } = panel;
  const key = String(number) as '4';
  const title = t(`panel.${key}.title`);
  return (
    <ViewPage title={`${menuTitle(route, lang)} · ${title}`} description={t(`panel.${key}.note`)}>
      <div className="space-y-4" data-testid="data-panel">
        <PeriodPicker
          key={`picker-${period.from}-${period.to}`}
          period={period}
          today={today}
          onChange={(p) => {
            setParams(periodQuery(p));
          }}
        />
        <p className="text-xs text-slate-500">{[labels.kind(chart.kind), labels.measure(chart.measure), labels.grouping(chart.grouping)].join(' · ')}</p>
        <BoardChartBody key={`${period.from}-${period.to}`} chart={panelBoardChart(number, chart, title, period)} today={today} className="h-80" tableOpen />
      </div>
    </ViewPage>
  );
}
