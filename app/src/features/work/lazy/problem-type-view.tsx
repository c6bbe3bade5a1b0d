/** colony/problemType: the acting enterprise's problem types (issue categories) for work orders and discussions. */
import type { MenuViewProps } from '@/lib/console/menu-view';
import { CategoryPage } from '../components/category-page';

export default function ProblemTypeView(props: MenuViewProps) {
  return <CategoryPage {...props} kind="problem" />;
}
