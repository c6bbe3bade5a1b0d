/**
 * Orders opened and resolved per day or month (`dynamic_analysis`) as an ECharts line chart (loaded lazily, browser
 * only) with the same numbers in a table for keyboards and screen readers, and the cost per vehicle and month.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { SelectInput } from '@/components/ui/fields';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { PeriodCount } from '@/lib/api-types';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import { useDynamics } from '../api/get-dynamics';
import type { TrendTexts } from '../lazy/trend-chart';

export function Trend({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('work');
  const [unit, setUnit] = useState<'day' | 'month'>('day');
  const data = useDynamics({ from, to, unit });
  const periods = data.data?.periods ?? [];
  return (
    <Panel
      title={t('stats.trend')}
      actions={
        <SelectInput aria-label={t('stats.unit')} value={unit} onChange={(e) => { setUnit(e.target.value === 'month' ? 'month' : 'day'); }} className="h-9 w-28">
          <option value="day">{t('stats.byDay')}</option>
          <option value="month">{t('stats.byMonth')}</option>
        </SelectInput>
      }
    >
      <div className="space-y-3 p-4">
        {data.isPending ? (
          <LoadingState />
        ) : data.isError ? (
          <ErrorState message={t('stats.loadFailed')} onRetry={() => void data.refetch()} />
        ) : (
          <>
            <TrendChart periods={periods} texts={{ opened: t('stats.opened'), resolved: t('stats.resolved') }} />
            <details className="text-sm">
              <summary className="min-h-10 cursor-pointer py-2 text-slate-600">{t('stats.table')}</summary>
              <div className="max-h-64 overflow-auto">
                <table className="w-full text-left text-sm" data-testid="trend-table">
                  <caption className="sr-only">{t('stats.trend')}</caption>
                  <thead>
                    <tr className="text-slate-500">
                      <th scope="col" className="py-1 pr-3 font-medium">{t('stats.period')}</th>
                      <th scope="col" className="py-1 pr-3 font-medium">{t('stats.opened')}</th>
                      <th scope="col" className="py-1 font-medium">{t('stats.resolved')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {periods.map((p) => (
                      <tr key={p.period} className="border-t border-slate-100 tabular-nums">
                        <th scope="row" className="py-1 pr-3 font-normal">{p.period}</th>
                        <td className="py-1 pr-3">{p.opened}</td>
                        <td className="py-1">{p.resolved}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
            {data.data.costByVehicle.length > 0 ? (
              <details className="text-sm">
                <summary className="min-h-10 cursor-pointer py-2 text-slate-600">{t('stats.costByVehicle')}</summary>
                <div className="max-h-64 overflow-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{t('stats.costByVehicle')}</caption>
                    <thead>
                      <tr className="text-slate-500">
                        <th scope="col" className="py-1 pr-3 font-medium">{t('field.vehicle')}</th>
                        <th scope="col" className="py-1 pr-3 font-medium">{t('stats.month')}</th>
                        <th scope="col" className="py-1 pr-3 font-medium">{t('stats.orders')}</th>
                        <th scope="col" className="py-1 font-medium">{t('field.cost')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.costByVehicle.map((c) => (
                        <tr key={`${String(c.vehicleId)}-${c.month}`} className="border-t border-slate-100 tabular-nums">
                          <th scope="row" className="py-1 pr-3 font-normal">{c.plate}</th>
                          <td className="py-1 pr-3">{c.month}</td>
                          <td className="py-1 pr-3">{c.orders}</td>
                          <td className="py-1">{c.cost.toFixed(2)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            ) : null}
          </>
        )}
      </div>
    </Panel>
  );
}

function TrendChart({ periods, texts }: { periods: readonly PeriodCount[]; texts: TrendTexts }) {
  const { t } = useTranslation('work');
  const latest = useRef({ periods, texts });
  const { ref: chartRef, handle: handleRef, status: chartStatus } = useLazyWidget(async (el) => {
    const { createTrendChart } = await import('../lazy/trend-chart');
    const handle = createTrendChart(el);
    handle.update(latest.current.periods, latest.current.texts);
    return handle;
  });
  useEffect(() => {
    latest.current = { periods, texts };
    handleRef.current?.update(periods, texts);
  });
  return (
    <div className="relative h-56" aria-hidden="true" data-chart-state={chartStatus === 'error' ? 'failed' : chartStatus}>
      <div ref={chartRef} className="absolute inset-0" />
      {chartStatus === 'error' ? <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">{t('stats.chartFailed')}</p> : null}
    </div>
  );
}
