/**
 * Km per day as ECharts bars (loaded lazily, browser only), with the same numbers in a table for keyboards and screen
 * readers; a bar or a row picks its day when `onPick` is given.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { formatDuration } from '@/lib/format';
import type { DayKm } from '@/lib/api-types';
import { useLazyWidget } from '@/lib/use-lazy-widget';

interface KmChartProps {
  days: readonly DayKm[];
  selectedDay?: string | null;
  onPick?: (day: string) => void;
  /** The table's caption. */
  caption: string;
  className?: string;
  testId?: string;
}

export function KmChart({ days, selectedDay = null, onPick, caption, className, testId }: KmChartProps) {
  const { t } = useTranslation('locus');
  const latest = useRef({ days, selectedDay, onPick, unit: t('unit.km') });
  const { ref: chartRef, handle: handleRef, status: chartStatus } = useLazyWidget(async (el) => {
    const { createKmChart } = await import('../lazy/km-chart');
    const handle = createKmChart(el, (day) => latest.current.onPick?.(day));
    handle.update(latest.current.days, latest.current.selectedDay, latest.current.unit);
    return handle;
  });
  useEffect(() => {
    latest.current = { days, selectedDay, onPick, unit: t('unit.km') };
    handleRef.current?.update(days, selectedDay, t('unit.km'));
  });
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className={cx('relative', className ?? 'h-40')} aria-hidden="true" data-chart-state={chartStatus}>
        <div ref={chartRef} className="absolute inset-0" />
        {chartStatus === 'error' ? <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">{t('chart.failed')}</p> : null}
      </div>
      <details className="text-sm">
        <summary className="min-h-10 cursor-pointer py-2 text-slate-600">{t('chart.table')}</summary>
        <div className="max-h-64 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 pr-3 font-medium">{t('field.day')}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t('field.km')}</th>
                <th scope="col" className="py-1 font-medium">{t('field.drivingTime')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-slate-100 tabular-nums" aria-current={d.day === selectedDay ? 'date' : undefined}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {onPick ? (
                      <button type="button" className="text-accent min-h-8 hover:underline" onClick={() => { onPick(d.day); }}>
                        {d.day}
                      </button>
                    ) : (
                      d.day
                    )}
                  </th>
                  <td className="py-1 pr-3">{d.km.toFixed(1)}</td>
                  <td className="py-1">{formatDuration(d.drivingSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
