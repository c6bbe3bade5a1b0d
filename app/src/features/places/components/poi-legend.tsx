/** What the POI marks (and, where routes are drawn, their lines) mean on a map. */
import { useTranslation } from 'react-i18next';

import { MapLegend, type LegendEntry } from '@/components/map/map-legend';
import { POI_TYPES, ROUTE_COLOR } from '../model';
import type { PoiType } from '../types';
import { PoiSymbol } from './poi-symbol';

interface PoiLegendProps {
  /** The types shown (default all). */
  types?: readonly PoiType[];
  withRoutes?: boolean;
  truncated?: { shown: number; total: number } | null;
  className?: string;
}

export function PoiLegend({ types, withRoutes = false, truncated = null, className }: PoiLegendProps) {
  const { t } = useTranslation('places');
  const entries: LegendEntry[] = POI_TYPES.filter((p) => !types || types.includes(p.code)).map((p) => ({
    key: p.key,
    swatch: <PoiSymbol type={p.code} />,
    label: t(`type.${p.key}`),
  }));
  if (withRoutes) {
    entries.push({
      key: 'route',
      swatch: <span aria-hidden="true" className="h-1 w-5 rounded" style={{ backgroundColor: ROUTE_COLOR, boxShadow: `0 0 0 3px ${ROUTE_COLOR}33` }} />,
      label: t('legend.route'),
    });
  }
  return (
    <MapLegend id="poi-legend" title={t('legend.title')} entries={entries} className={className}>
      {truncated ? <p className="mt-1 max-w-48 text-amber-800">{t('legend.truncated', truncated)}</p> : null}
    </MapLegend>
  );
}
