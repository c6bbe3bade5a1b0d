/** What the POI marks mean on a map. */
import { useTranslation } from 'react-i18next';

import { MapLegend, type LegendEntry } from '@/components/map/map-legend';
import { POI_TYPES } from '../model';
import type { PoiType } from '../types';
import { PoiSymbol } from './poi-symbol';

interface PoiLegendProps {
  /** The types shown (default all). */
  types?: readonly PoiType[];
  truncated?: { shown: number; total: number } | null;
  className?: string;
}

export function PoiLegend({ types, truncated = null, className }: PoiLegendProps) {
  const { t } = useTranslation('places');
  const entries: LegendEntry[] = POI_TYPES.filter((p) => !types || types.includes(p.code)).map((p) => ({
    key: p.key,
    swatch: <PoiSymbol type={p.code} />,
    label: t(`type.${p.key}`),
  }));
  return (
    <MapLegend id="poi-legend" title={t('legend.title')} entries={entries} className={className}>
      {truncated ? <p className="mt-1 max-w-48 text-amber-800">{t('legend.truncated', truncated)}</p> : null}
    </MapLegend>
  );
}
