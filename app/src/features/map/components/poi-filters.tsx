/** The POI toggles of console-spec §2; the POI calls are not built yet, so they are shown disabled with a note. */
import { useTranslation } from 'react-i18next';

const POIS = ['gasStation', 'depot', 'serviceArea', 'repairShop', 'geoFence'] as const;

export function PoiFilters() {
  const { t } = useTranslation('map');
  return (
    <div role="group" aria-label={t('poi.label')} aria-describedby="poi-note" className="flex flex-wrap items-center gap-1.5" data-testid="poi-filters">
      {POIS.map((p) => (
        <button key={p} type="button" disabled aria-pressed={false} className="h-7 cursor-not-allowed rounded-full bg-white/80 px-2.5 text-xs text-slate-400 ring-1 ring-slate-200">
          {t(`poi.${p}`)}
        </button>
      ))}
      <span id="poi-note" className="text-xs text-slate-500">
        {t('poi.note')}
      </span>
    </div>
  );
}
