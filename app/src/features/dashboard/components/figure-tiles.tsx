/**
 * A period's totals as tiles (km, driving hours, vehicle-days, alarms, hottest tyre, lowest pressure); with
 * `previous`, each shows its change in per cent. With `onPick`, a tile is a toggle choosing the trend's measure.
 */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import type { Figures, Measure } from '@/lib/api-types';
import { changePct, figureOf, formatFigure } from '../model';
import { useDashboardLabels } from './use-labels';

export const TILE_MEASURES: readonly Measure[] = ['km', 'drivingHours', 'vehicleDays', 'alarms', 'maxTyreTemp', 'minPressure'];

/** Measures where a rise is bad news (shown red), the others green. */
const RISE_IS_BAD = new Set<Measure>(['alarms', 'maxTyreTemp', 'maxHubTemp', 'maxHubDiff', 'offlineHours']);

export function ChangeBadge({ now, before, measure }: { now: number | null; before: number | null; measure: Measure }) {
  const { t } = useTranslation('dashboard');
  const pct = changePct(now, before);
  if (pct === null) return <span className="text-xs text-slate-400">{t('change.none')}</span>;
  const up = pct > 0;
  const bad = pct !== 0 && up === RISE_IS_BAD.has(measure);
  return (
    <span className={cx('text-xs font-medium tabular-nums', pct === 0 ? 'text-slate-500' : bad ? 'text-red-600' : 'text-emerald-600')} data-testid="change">
      {t('change.pct', { sign: up ? '+' : pct < 0 ? '−' : '±', pct: Math.abs(pct).toFixed(1) })}
    </span>
  );
}

interface TilesProps {
  total: Figures;
  previous?: Figures;
  picked?: Measure;
  onPick?: (m: Measure) => void;
  testId?: string;
}

export function FigureTiles({ total, previous, picked, onPick, testId = 'figure-tiles' }: TilesProps) {
  const labels = useDashboardLabels();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid={testId}>
      {TILE_MEASURES.map((m) => {
        const value = figureOf(total, m);
        const inner = (
          <>
            <span className="block text-xs text-slate-500">{labels.measure(m)}</span>
            <span className="mt-1 block text-xl font-semibold text-slate-900 tabular-nums" data-testid={`tile-${m}`}>
              {formatFigure(value, m)}
              <span className="ml-1 text-xs font-normal text-slate-500">{labels.unit(m)}</span>
            </span>
            {previous ? <ChangeBadge now={value} before={figureOf(previous, m)} measure={m} /> : null}
          </>
        );
        const box = 'block w-full rounded-xl bg-white p-3 text-left shadow-sm ring-1 ring-slate-200';
        return (
          <li key={m}>
            {onPick ? (
              <button type="button" className={cx(box, 'hover:ring-accent/60', picked === m && 'ring-accent ring-2')} aria-pressed={picked === m} onClick={() => { onPick(m); }}>
                {inner}
              </button>
            ) : (
              <div className={box}>{inner}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
