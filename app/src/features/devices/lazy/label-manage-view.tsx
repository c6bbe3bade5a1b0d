/** colony/labelManage: the enterprise's tags of every kind (list, search, add, delete). */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TagList } from '../components/tag-list';

export default function LabelManageView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <TagList title={menuTitle(route, lang)} testId="labels" />;
}
