/** dataManage/vehicleManageSystem: every enterprise's vehicles for platform staff, with the enterprise column/filter. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { VehicleList } from '../components/vehicle-list';

export default function VehicleManageSystemView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <VehicleList title={menuTitle(route, lang)} system />;
}
