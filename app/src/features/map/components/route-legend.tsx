/** The route colour legend of console-spec §2. */
import { useTranslation } from 'react-i18next';

import { MapLegend } from '@/components/map/map-legend';

const ROUTES = [
  ['abnormal', '#E5484D'],
  ['matched', '#4D70FF'],
  ['unset', '#94A3B8'],
  ['inferred', '#F97316'],
] as const;

export function RouteLegend() {
  const { t } = useTranslation('map');
  const entries = ROUTES.map(([key, color]) => ({
    key,
    swatch: <span aria-hidden="true" className="h-1 w-5 rounded" style={{ backgroundColor: color }} />,
    label: t(`legend.${key}`),
  }));
  return <MapLegend id="route-legend" title={t('legend.title')} entries={entries} />;
}
