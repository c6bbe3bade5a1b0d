/** dataManage/vehicleManage: the fleet of the acting enterprise. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { VehicleList } from '../components/vehicle-list';

export default function VehicleManageView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <VehicleList title={menuTitle(route, lang)} />;
}
