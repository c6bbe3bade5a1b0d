/** A small card of a POI picked on a map: its type, name, shape, fence and contact. */
import { useTranslation } from 'react-i18next';

import { CloseIcon } from '@/components/ui/icons';
import { formatDistance } from '@/lib/geo';
import { FENCE_KEYS, poiTypeStyle } from '../model';
import type { PoiRow } from '../types';
import { PoiSymbol } from './poi-symbol';

export function PoiCard({ poi, onClose }: { poi: PoiRow; onClose: () => void }) {
  const { t } = useTranslation('places');
  const shape = poi.shape === 2 && poi.radiusM ? t('shapeCircleOf', { radius: formatDistance(poi.radiusM) }) : t(`shape.${poi.shape === 3 ? 'polygon' : poi.shape === 2 ? 'circle' : 'point'}`);
  const rows: [string, string | null][] = [
    [t('field.shape'), shape],
    [t('field.fence'), poi.shape === 1 ? null : t(FENCE_KEYS[poi.fence])],
    [t('field.address'), poi.address],
    [t('field.phone'), poi.phone],
    [t('field.remark'), poi.remark],
  ];
  return (
    <section aria-labelledby={`poi-card-${String(poi.id)}`} className="rounded-xl bg-white p-4 text-sm shadow-lg ring-1 ring-slate-200" data-testid="poi-card">
      <div className="flex items-start gap-2">
        <PoiSymbol type={poi.poiType} className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id={`poi-card-${String(poi.id)}`} className="font-semibold break-words text-slate-900">
            {poi.name}
          </h2>
          <p className="text-xs text-slate-500">{t(`type.${poiTypeStyle(poi.poiType).key}`)}</p>
        </div>
        <button type="button" onClick={onClose} aria-label={t('card.close')} className="-mt-1 -mr-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <CloseIcon className="size-4" />
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-words text-slate-800">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
