/** An illustrated passenger car seen from above: four direct TPMS readings, one slow leak (static sample). */
import { useTranslation } from 'react-i18next';

import { AlertIcon } from '@/components/ui/icons';
import { TyreTile, type Tyre } from './wheel-preview';

const FRONT: [Tyre, Tyre] = [
  { bar: '2.5', temp: 31 },
  { bar: '2.5', temp: 32 },
];
const REAR: [Tyre, Tyre] = [
  { bar: '1.8', temp: 29, alarm: true },
  { bar: '2.4', temp: 30 },
];

export function CarPreview() {
  const { t } = useTranslation('site');
  const unit = t('saloon.preview.pressureUnit');
  return (
    <figure
      aria-label={t('saloon.preview.label')}
      className="bg-ink-900/95 relative w-full max-w-sm rounded-2xl p-5 text-white shadow-2xl ring-1 ring-white/10"
    >
      <figcaption className="flex items-start justify-between gap-3">
        <span className="text-sm font-semibold">{t('saloon.preview.vehicle')}</span>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-300">
          <AlertIcon className="size-3.5" />
          {t('saloon.preview.status')}
        </span>
      </figcaption>
      <div className="mt-5 grid grid-cols-[auto_1fr_auto] items-center gap-3">
        <div className="flex flex-col gap-10">
          <TyreTile tyre={FRONT[0]} unit={unit} />
          <TyreTile tyre={REAR[0]} unit={unit} />
        </div>
        <div aria-hidden="true" className="mx-auto flex h-44 w-20 flex-col justify-between rounded-[2.5rem] bg-white/10 p-2 ring-1 ring-white/15">
          <span className="h-8 rounded-t-[2rem] rounded-b-lg bg-sky-300/20" />
          <span className="h-10 rounded-lg bg-white/5" />
          <span className="h-6 rounded-t-lg rounded-b-[2rem] bg-sky-300/20" />
        </div>
        <div className="flex flex-col gap-10">
          <TyreTile tyre={FRONT[1]} unit={unit} />
          <TyreTile tyre={REAR[1]} unit={unit} />
        </div>
      </div>
      <p className="mt-5 border-t border-white/10 pt-4 text-xs text-amber-300">{t('saloon.preview.alarm')}</p>
    </figure>
  );
}
