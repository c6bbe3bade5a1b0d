/** The colour a route is drawn with on the track map (its worst vehicle's verdict), named for screen readers. */
import { useTranslation } from 'react-i18next';

import { ROUTE_STATE_COLORS } from '@/components/map/route-states';
import { routeState } from '../model';
import type { RouteRow } from '../types';

export function RouteStateSwatch({ route }: { route: RouteRow }) {
  const { t } = useTranslation('places');
  const state = routeState(route);
  return (
    <span
      role="img"
      aria-label={t(`routeState.${state}`)}
      title={t(`routeState.${state}`)}
      className="mr-2 inline-block h-1 w-5 shrink-0 rounded align-middle"
      style={{ backgroundColor: ROUTE_STATE_COLORS[state] }}
      data-testid="route-state"
      data-state={state}
    />
  );
}
