/** colony/problemType: problem categories, kept as service tags (/web/device/serviceTags; added and deleted as tags). */
import { useApp } from '../../../lib/app-context';
import { menuTitle } from '../../console/menu-routes';
import type { MenuViewProps } from '../../console/registry';
import { getServiceTags } from '../api/get-service-tags';
import { TagList } from '../components/tag-list';

export default function ProblemTypeView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <TagList title={menuTitle(route, lang)} testId="problem-types" kind="service" list={getServiceTags} />;
}
