/**
 * layout/vehiclePanel (车辆面板): the map's vehicle panel as a page: pick a vehicle, see where it is and its wheel
 * layout with the latest pressures and temperatures, refreshed as its live reports arrive.
 */
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { useVehicleUpdates } from '@/features/live';
import { TrackPlaybackLink } from '@/features/tracks';
import { LiveBadge } from '../components/live-badge';
import { LiveWheels } from '../components/live-wheels';
import { VehicleCard } from '../components/vehicle-card';
import { VehicleViewFrame } from '../components/vehicle-view-frame';

function Live({ carId }: { carId: number }) {
  const session = useSession();
  const live = !session.visitor;
  const updates = useVehicleUpdates(carId, session.token, live);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-3">
        <VehicleCard carId={carId} version={updates.version} full={false} />
        <div className="flex flex-wrap items-center gap-2">
          {live ? <LiveBadge status={updates.status} /> : null}
          {live ? <TrackPlaybackLink vehicleId={carId} /> : null}
        </div>
      </div>
      <Panel className="p-4">
        <div data-testid="vehicle-panel-wheels">
          <LiveWheels carId={carId} changedVersion={updates.version} />
        </div>
      </Panel>
    </div>
  );
}

export default function VehiclePanelView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  return (
    <VehicleViewFrame title={menuTitle(route, lang)} description={t('vehicle.panelDescription')} testId="vehicle-panel-view">
      {(v) => <Live carId={v.id} />}
    </VehicleViewFrame>
  );
}
