/** dataManage/vehicleManage: the fleet of the acting enterprise. */
import { useApp } from '../../../lib/app-context';
import { menuTitle } from '../../console/menu-routes';
import type { MenuViewProps } from '../../console/registry';
import { VehicleList } from '../components/vehicle-list';

export default function VehicleManageView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <VehicleList title={menuTitle(route, lang)} />;
}
