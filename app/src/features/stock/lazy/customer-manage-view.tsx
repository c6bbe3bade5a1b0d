/** colony/customerManage: the enterprise's customers (partner kind 2), whom sales name. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { PartnerList } from '../components/partner-list';

export default function CustomerManageView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <PartnerList kind={2} title={menuTitle(route, lang)} />;
}
