/** superAdmin/serviceProviderList: the service providers (outsourced enterprises, type 2). */
import type { MenuViewProps } from '@/lib/console/menu-view';
import { EnterpriseListPage } from '../components/enterprise-list-page';
import { SERVICE_PROVIDER_TYPE } from '../model';

export default function ServiceProviderListView({ route }: MenuViewProps) {
  return <EnterpriseListPage route={route} fixedType={SERVICE_PROVIDER_TYPE} testId="providers-table" />;
}
