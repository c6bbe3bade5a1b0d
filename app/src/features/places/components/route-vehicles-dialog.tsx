/** The vehicles on a route: the chosen ones are put on it, the ones taken off are unassigned (route 0). */
import { useTranslation } from 'react-i18next';

import { VehicleAssignDialog } from '@/features/vehicles';
import { useAssignRoute } from '../api/assign-route';
import { placesKeys } from '../api/keys';
import type { RouteRow } from '../types';

export function RouteVehiclesDialog({ route, onClose }: { route: RouteRow; onClose: () => void }) {
  const { t } = useTranslation('places');
  const assign = useAssignRoute();
  const before = route.vehicles.map((v) => v.id);
  return (
    <VehicleAssignDialog
      title={t('route.assignTitle', { name: route.name })}
      testId="route-vehicles"
      queryKey={[...placesKeys.routes, 'pick-vehicles']}
      initial={before}
      entId={route.entId}
      onSave={async (vehicleIds) => {
        const removed = before.filter((id) => !vehicleIds.includes(id));
        if (removed.length > 0) await assign.mutateAsync({ routeId: 0, vehicleIds: removed });
        if (vehicleIds.length > 0) await assign.mutateAsync({ routeId: route.id, vehicleIds });
      }}
      onClose={onClose}
    />
  );
}
