/** colony/moduleManage: the acting enterprise's modules (what a work order is about: a system of the vehicle or product). */
import type { MenuViewProps } from '@/lib/console/menu-view';
import { CategoryPage } from '../components/category-page';

export default function ModuleManageView(props: MenuViewProps) {
  return <CategoryPage {...props} kind="module" />;
}
