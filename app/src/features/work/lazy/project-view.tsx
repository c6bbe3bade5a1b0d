/** project/project: the projects in scope, to add, change, delete and open (components/project-list.tsx). */
import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { ProjectList } from '../components/project-list';

export default function ProjectView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  return <ProjectList title={menuTitle(route, lang)} description={t('plan.project.intro')} />;
}
