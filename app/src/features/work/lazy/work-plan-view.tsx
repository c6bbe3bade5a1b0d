/** project/workPlan: the work plan calendar (components/plan-calendar.tsx). */
import { useTranslation } from 'react-i18next';

import { ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { PlanCalendar } from '../components/plan-calendar';

export default function WorkPlanView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('plan.calendar.intro')}>
      <PlanCalendar />
    </ViewPage>
  );
}
