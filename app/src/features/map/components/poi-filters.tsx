/**
 * The POI filters of console-spec §2: each type pressed shows its points of interest in the viewport (icons; circles
 * and polygons drawn for fences), with how many are drawn. Visitors see the toggles disabled with a note (the POI
 * calls need an account).
 */
import { useTranslation } from 'react-i18next';

import { SpinnerIcon } from '@/components/ui/icons';
import { PoiTypeToggles, type PoiType } from '@/features/places';
import { MAP_POI_TYPES } from '../poi-layer';

interface PoiFiltersProps {
  /** Signed in (the POI calls need an account). */
  enabled: boolean;
  value: readonly PoiType[];
  onChange: (types: PoiType[]) => void;
  /** What the layer holds while on: drawn, of how many, asking, failed. */
  layer: { shown: number; total: number; loading: boolean; failed: boolean } | null;
}

export function PoiFilters({ enabled, value, onChange, layer }: PoiFiltersProps) {
  const { t } = useTranslation('map');
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="poi-filters">
      <PoiTypeToggles types={MAP_POI_TYPES} value={enabled ? value : []} onChange={onChange} label={t('poi.label')} disabled={!enabled} describedBy={enabled ? undefined : 'poi-note'} />
      {enabled ? null : (
        <span id="poi-note" className="text-xs text-slate-500">
          {t('poi.note')}
        </span>
      )}
      {layer ? (
        <span className="rounded-full bg-white/90 px-2 py-0.5 text-xs text-slate-600 tabular-nums ring-1 ring-slate-200" role="status" data-testid="poi-layer-count">
          {layer.loading ? <SpinnerIcon className="size-3 animate-spin" /> : layer.failed ? t('poi.failed') : layer.total > layer.shown ? `${String(layer.shown)} / ${String(layer.total)}` : layer.shown}
        </span>
      ) : null}
    </div>
  );
}
