/** mapComponents/vehicleInfo (车辆信息): the information card of a picked vehicle, kept live by the websocket. */
import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { useVehicleUpdates } from '@/features/live';
import { VehicleCard } from '../components/vehicle-card';
import { VehicleViewFrame } from '../components/vehicle-view-frame';

function LiveCard({ carId }: { carId: number }) {
  const session = useSession();
  const updates = useVehicleUpdates(carId, session.token, !session.visitor);
  return <VehicleCard carId={carId} version={updates.version} />;
}

export default function VehicleInfoView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  return (
    <VehicleViewFrame title={menuTitle(route, lang)} description={t('vehicle.infoDescription')} testId="vehicle-info-view">
      {(v) => <LiveCard carId={v.id} />}
    </VehicleViewFrame>
  );
}
