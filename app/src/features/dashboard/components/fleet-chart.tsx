/**
 * A dashboard chart: loading, error and empty states, the chart drawn by its family's lazy ECharts module (browser
 * only, built after mount), and the same numbers as a table for keyboards and screen readers.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useLazyWidget } from '@/lib/use-lazy-widget';
import { specIsEmpty, specTable, type ChartFamily, type ChartSpec } from '../model';

interface ChartTexts {
  total: string;
}

interface FamilyHandle {
  update(spec: ChartSpec, texts: ChartTexts): void;
  dispose(): void;
}

/** The family's module, loaded with import() (one chunk per family, ECharts pieces registered there). */
async function createFamilyChart(family: ChartFamily, el: HTMLElement): Promise<FamilyHandle> {
  switch (family) {
    case 'cartesian': {
      const { createCartesianChart } = await import('../lazy/cartesian-chart');
      const chart = createCartesianChart(el);
      return { update: (spec, texts) => { if (spec.family === 'cartesian') chart.update(spec, texts); }, dispose: () => { chart.dispose(); } };
    }
    case 'radial': {
      const { createRadialChart } = await import('../lazy/radial-chart');
      const chart = createRadialChart(el);
      return { update: (spec) => { if (spec.family === 'radial') chart.update(spec); }, dispose: () => { chart.dispose(); } };
    }
    case 'heatmap': {
      const { createHeatmapChart } = await import('../lazy/heatmap-chart');
      const chart = createHeatmapChart(el);
      return { update: (spec) => { if (spec.family === 'heatmap') chart.update(spec); }, dispose: () => { chart.dispose(); } };
    }
  }
}

function variantOf(spec: ChartSpec): string {
  return spec.family === 'heatmap' ? 'heatmap' : spec.variant;
}

/** How many values the spec draws (tests read it from `data-values`). */
function valueCount(spec: ChartSpec): number {
  switch (spec.family) {
    case 'cartesian':
      if (spec.variant === 'scatter') return spec.points.length;
      if (spec.variant === 'barRace') return spec.frames.length;
      return spec.series.reduce((n, s) => n + s.values.filter((v) => v !== null).length, 0);
    case 'radial':
      return spec.slices.length;
    case 'heatmap':
      return spec.cells.length;
  }
}

function ChartCanvas({ spec, className }: { spec: ChartSpec; className?: string }) {
  const { t } = useTranslation('dashboard');
  const texts = { total: t('chart.total') };
  const latest = useRef({ spec, texts });
  const { ref, handle, status } = useLazyWidget(async (el) => {
    const chart = await createFamilyChart(latest.current.spec.family, el);
    chart.update(latest.current.spec, latest.current.texts);
    return chart;
  });
  useEffect(() => {
    latest.current = { spec, texts };
    handle.current?.update(spec, texts);
  });
  return (
    <div
      className={cx('relative', className ?? 'h-64')}
      aria-hidden="true"
      data-chart-state={status}
      data-chart-family={spec.family}
      data-chart-variant={variantOf(spec)}
      data-values={valueCount(spec)}
    >
      <div ref={ref} className="absolute inset-0" />
      {status === 'error' ? <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">{t('chart.failed')}</p> : null}
    </div>
  );
}

export function ChartTable({ spec, caption, label, open = false }: { spec: ChartSpec; caption: string; label: string; open?: boolean }) {
  const { t } = useTranslation('dashboard');
  const table = specTable(spec, label);
  return (
    <details className="text-sm print:hidden" open={open}>
      <summary className="min-h-10 cursor-pointer py-2 text-slate-600">{t('chart.table')}</summary>
      <div className="max-h-72 overflow-auto">
        <table className="w-full text-left text-sm" data-testid="chart-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-slate-500">
              {table.head.map((h, i) => (
                <th key={i} scope="col" className="py-1 pr-3 font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i} className="border-t border-slate-100 tabular-nums">
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td key={j} className="py-1 pr-3">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

interface FleetChartProps {
  spec: ChartSpec | null;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** What the empty state says (default: no data in this period). */
  empty?: ReactNode;
  /** The table's caption. */
  caption: string;
  /** The table's first column (day, hour, kind…). */
  label: string;
  className?: string;
  testId?: string;
  /** Open the table at once (detail view). */
  tableOpen?: boolean;
}

export function FleetChart({ spec, loading, error, onRetry, empty, caption, label, className, testId, tableOpen }: FleetChartProps) {
  const { t } = useTranslation('dashboard');
  let body: ReactNode;
  if (loading) body = <LoadingState className="py-10" />;
  else if (error) body = <ErrorState message={t('chart.loadFailed')} onRetry={onRetry} className="py-8" />;
  else if (!spec || specIsEmpty(spec)) body = <EmptyState title={empty ?? t('chart.empty')} className="py-8" />;
  else
    body = (
      <>
        <ChartCanvas key={spec.family} spec={spec} className={className} />
        <ChartTable spec={spec} caption={caption} label={label} open={tableOpen} />
      </>
    );
  return (
    <div className="space-y-2" data-testid={testId}>
      {body}
    </div>
  );
}
