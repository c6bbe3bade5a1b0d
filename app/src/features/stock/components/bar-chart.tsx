/**
 * A bar chart drawn by ECharts once mounted (lazy/bar-chart.ts, browser only), with the same numbers in a table under
 * a disclosure for keyboards and screen readers. `data-chart-state` tells the browser suite when it is drawn.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { BarData } from '../lazy/bar-chart';

export function StockBarChart({ data, caption, testId }: { data: BarData; caption: string; testId: string }) {
  const { t } = useTranslation('stock');
  const latest = useRef(data);
  const { ref, handle, status } = useLazyWidget(async (el) => {
    const { createBarChart } = await import('../lazy/bar-chart');
    const made = createBarChart(el);
    made.update(latest.current);
    return made;
  });
  useEffect(() => {
    latest.current = data;
    handle.current?.update(data);
  });
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="relative h-60" aria-hidden="true" data-chart-state={status === 'error' ? 'failed' : status} data-values={data.categories.length}>
        <div ref={ref} className="absolute inset-0" />
        {status === 'error' ? <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">{t('chart.failed')}</p> : null}
      </div>
      <details className="text-sm">
        <summary className="min-h-10 cursor-pointer py-2 text-slate-600">{t('chart.table')}</summary>
        <div className="max-h-64 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 pr-3 font-medium">{t('chart.category')}</th>
                {data.series.map((s) => (
                  <th key={s.name} scope="col" className="py-1 pr-3 text-right font-medium">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.categories.map((c, i) => (
                <tr key={`${c}-${String(i)}`} className="border-t border-slate-100 tabular-nums">
                  <th scope="row" className="py-1 pr-3 font-normal">{c}</th>
                  {data.series.map((s) => (
                    <td key={s.name} className="py-1 pr-3 text-right">
                      {(s.values[i] ?? 0).toFixed(data.decimals)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
