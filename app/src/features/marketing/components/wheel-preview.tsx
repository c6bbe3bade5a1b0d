/** An illustrated vehicle card: wheel positions with pressure and temperature, one in alarm (static sample). */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { AlertIcon, ThermometerIcon } from '@/components/ui/icons';

export interface Tyre {
  bar: string;
  temp: number;
  alarm?: boolean;
}

const AXLES: { tyres: [Tyre[], Tyre[]]; axleTemp: number; alarm?: boolean }[] = [
  { tyres: [[{ bar: '8.6', temp: 38 }], [{ bar: '8.7', temp: 37 }]], axleTemp: 41 },
  {
    tyres: [
      [
        { bar: '8.4', temp: 44 },
        { bar: '8.5', temp: 45 },
      ],
      [
        { bar: '8.5', temp: 43 },
        { bar: '8.4', temp: 44 },
      ],
    ],
    axleTemp: 52,
  },
  {
    tyres: [
      [
        { bar: '9.1', temp: 86, alarm: true },
        { bar: '8.8', temp: 61 },
      ],
      [
        { bar: '8.6', temp: 46 },
        { bar: '8.6', temp: 45 },
      ],
    ],
    axleTemp: 97,
    alarm: true,
  },
];

/** One tyre's pressure and temperature, red when in alarm (also the car preview's). */
export function TyreTile({ tyre, unit }: { tyre: Tyre; unit: string }) {
  return (
    <div
      className={cx(
        'flex w-16 flex-col items-center rounded-lg px-1.5 py-1.5 text-center ring-1 sm:w-[4.5rem]',
        tyre.alarm ? 'bg-red-500/15 ring-red-400/60' : 'bg-white/5 ring-white/10',
      )}
    >
      <span className={cx('text-sm font-semibold tabular-nums', tyre.alarm ? 'text-red-300' : 'text-white')}>
        {tyre.bar}
        <span className="ml-0.5 text-[10px] font-normal text-slate-400">{unit}</span>
      </span>
      <span className={cx('text-xs tabular-nums', tyre.alarm ? 'text-red-300' : 'text-slate-400')}>{tyre.temp}℃</span>
    </div>
  );
}

export function WheelPreview() {
  const { t } = useTranslation('solution');
  const unit = t('preview.pressureUnit');
  return (
    <figure
      aria-label={t('preview.label')}
      className="bg-ink-900/95 relative w-full max-w-md rounded-2xl p-5 text-white shadow-2xl ring-1 ring-white/10"
    >
      <figcaption className="flex items-start justify-between gap-3">
        <span className="text-sm font-semibold">{t('preview.vehicle')}</span>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-medium text-red-300">
          <AlertIcon className="size-3.5" />
          {t('preview.status')}
        </span>
      </figcaption>
      <div className="mt-5 space-y-3">
        {AXLES.map((axle, i) => (
          <div key={i} className="grid grid-cols-[auto_1fr_auto_1fr] items-center gap-2">
            <span className="w-12 text-[11px] text-slate-400">{t('preview.axle', { n: i + 1 })}</span>
            <div className="flex justify-end gap-1.5">
              {axle.tyres[0].map((tyre, j) => (
                <TyreTile key={j} tyre={tyre} unit={unit} />
              ))}
            </div>
            <span
              className={cx(
                'flex h-7 items-center gap-0.5 rounded-md px-1.5 text-[11px] tabular-nums',
                axle.alarm ? 'bg-orange-500/20 text-orange-300' : 'bg-white/5 text-slate-300',
              )}
              title={t('preview.axleTemp')}
            >
              <ThermometerIcon className="size-3" />
              {axle.axleTemp}℃
            </span>
            <div className="flex gap-1.5">
              {axle.tyres[1].map((tyre, j) => (
                <TyreTile key={j} tyre={tyre} unit={unit} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="mt-5 flex items-center justify-between gap-3 border-t border-white/10 pt-4 text-xs">
        <span className="text-red-300">{t('preview.alarm')}</span>
        <span className="flex shrink-0 items-center gap-3 text-slate-400">
          <span className="flex items-center gap-1">
            <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
            {t('preview.legendOk')}
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2 rounded-full bg-red-400" aria-hidden="true" />
            {t('preview.legendWarn')}
          </span>
        </span>
      </div>
    </figure>
  );
}
