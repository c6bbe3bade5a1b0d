/** The route colour legend of console-spec §2 (the live map, the track map). */
import { useTranslation } from 'react-i18next';

import type { RouteState } from '@/lib/api-types';
import { MapLegend } from './map-legend';
import { ROUTE_STATE_COLORS } from './route-states';

/** The legend's rows in the spec's order, each with its text key under `legend.` in the map namespace. */
const ROWS = [
  ['abnormal', 'offRoute'],
  ['matched', 'matched'],
  ['unset', 'none'],
  ['inferred', 'inference'],
] as const satisfies readonly (readonly [string, RouteState])[];

export function RouteLegend({ className }: { className?: string }) {
  const { t } = useTranslation('map');
  const entries = ROWS.map(([key, state]) => ({
    key,
    swatch: <span aria-hidden="true" className="h-1 w-5 rounded" style={{ backgroundColor: ROUTE_STATE_COLORS[state] }} />,
    label: t(`legend.${key}`),
  }));
  return <MapLegend id="route-legend" title={t('legend.title')} entries={entries} className={className} />;
}
