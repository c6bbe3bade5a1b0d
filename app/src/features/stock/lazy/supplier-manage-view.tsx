/** colony/supplierManage: the enterprise's suppliers (partner kind 1). */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { PartnerList } from '../components/partner-list';

export default function SupplierManageView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <PartnerList kind={1} title={menuTitle(route, lang)} />;
}
