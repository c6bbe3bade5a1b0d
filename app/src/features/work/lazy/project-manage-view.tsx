/**
 * project/projectManage: one project (its id from the route's `:id`, as the order detail takes its own, or `?id=`
 * since the seeded route has no parameter) with its orders, tasks, notice plans, activity and notes; without an id,
 * the project list to choose one from.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { ProjectDetail } from '../components/project-detail';
import { ProjectList } from '../components/project-list';
import { projectIdFrom } from '../plans';

export default function ProjectManageView({ route, params }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const location = useLocation();
  const id = projectIdFrom(params, location.search);
  const title = menuTitle(route, lang);
  if (id === null) return <ProjectList title={title} description={t('plan.project.choose')} />;
  return (
    <ViewPage title={title}>
      <ProjectDetail key={id} id={id} />
    </ViewPage>
  );
}
