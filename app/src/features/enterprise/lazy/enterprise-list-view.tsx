/** superAdmin/enterpriseList: every enterprise the caller sees, as a tree and a list. */
import type { MenuViewProps } from '@/lib/console/menu-view';
import { EnterpriseListPage } from '../components/enterprise-list-page';

export default function EnterpriseListView({ route }: MenuViewProps) {
  return <EnterpriseListPage route={route} testId="enterprises-table" />;
}
