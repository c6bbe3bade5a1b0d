/** colony/problemType: the acting enterprise's problem types (issue categories) for work orders and discussions. */
import type { MenuViewProps } from '../../console/registry';
import { CategoryPage } from '../components/category-page';

export default function ProblemTypeView(props: MenuViewProps) {
  return <CategoryPage {...props} kind="problem" />;
}
