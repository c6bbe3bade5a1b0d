/** Fleet status: an HTML legend (server-rendered, accessible) plus an ECharts donut loaded after hydration. */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { ChartSlice } from '../lazy/status-chart';
import { FLEET_STATES, type FleetState } from '@/features/vehicles';
import { STATE_COLORS } from '../fleet-view';

export function StatusChart({ counts }: { counts: Record<FleetState, number> }) {
  const { t } = useTranslation('map');
  const slices = useMemo<ChartSlice[]>(
    () => FLEET_STATES.map((s) => ({ name: t(`state.${s}`), value: counts[s], color: STATE_COLORS[s] })),
    [counts, t],
  );
  const totalLabel = t('chart.total');
  const latest = useRef({ slices, totalLabel });
  const { ref: chartRef, handle: handleRef, status: chartStatus } = useLazyWidget(async (el) => {
    const { createStatusChart } = await import('../lazy/status-chart');
    const handle = createStatusChart(el);
    handle.update(latest.current.slices, latest.current.totalLabel);
    return handle;
  });

  useEffect(() => {
    latest.current = { slices, totalLabel };
    handleRef.current?.update(slices, totalLabel);
  }, [handleRef, slices, totalLabel]);

  const summary = slices.map((s) => `${s.name} ${s.value}`).join(', ');

  return (
    <section aria-labelledby="fleet-status-title" className="px-4 py-4">
      <h2 id="fleet-status-title" className="text-sm font-semibold text-slate-900">
        {t('chart.title')}
      </h2>
      <div className="mt-3 flex items-center gap-4">
        <div className="relative size-28 shrink-0">
          <div ref={chartRef} role="img" aria-label={`${t('chart.title')}: ${summary}`} className="absolute inset-0" />
          {chartStatus !== 'ready' ? (
            <div aria-hidden="true" className="absolute inset-2 animate-pulse rounded-full border-[10px] border-slate-100" />
          ) : null}
        </div>
        <ul className="grid flex-1 grid-cols-1 gap-1.5 text-sm">
          {slices.map((s) => (
            <li key={s.name} className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2 text-slate-600">
                <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
                {s.name}
              </span>
              <span className="font-semibold text-slate-900 tabular-nums">{s.value}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
