/** A route's vehicles, each with its latest route-matching verdict as a badge in the map's colour for it. */
import { useTranslation } from 'react-i18next';

import { ROUTE_STATE_COLORS } from '@/components/map/route-states';
import { formatDistance } from '@/lib/geo';
import { vehicleState } from '../model';
import type { RouteRow } from '../types';

export function RouteVehicleStates({ route }: { route: RouteRow }) {
  const { t } = useTranslation('places');
  if (route.vehicles.length === 0) return <span className="text-slate-400">{t('route.noVehicles')}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {route.vehicles.map((vehicle) => {
        const state = vehicleState(vehicle, route.id);
        const color = ROUTE_STATE_COLORS[state];
        // only the off-route text shows the distance
        const verdict = t(`vehicleState.${state}`, { distance: vehicle.matched ? formatDistance(vehicle.matched.distanceM) : '' });
        return (
          <li
            key={vehicle.id}
            className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs whitespace-nowrap text-slate-700"
            style={{ borderColor: color, backgroundColor: `${color}1A` }}
            data-testid="route-vehicle"
            data-state={state}
          >
            <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: color }} />
            <span className="font-medium">{vehicle.plate}</span>
            <span>{verdict}</span>
          </li>
        );
      })}
    </ul>
  );
}
