/**
 * A reading on an ECharts dial (loaded after hydration) with the same value as text beside it, so it reads (and
 * tests) without the canvas.
 */
import { useEffect, useRef } from 'react';

import { useLazyWidget } from '@/lib/use-lazy-widget';
import type { GaugeSpec } from '../lazy/gauge';

export function Gauge({ spec, label, text, testId }: { spec: GaugeSpec; label: string; text: string; testId: string }) {
  const latest = useRef(spec);
  const { ref, handle, status } = useLazyWidget(async (el) => {
    const { createGauge } = await import('../lazy/gauge');
    const made = createGauge(el);
    made.update(latest.current);
    return made;
  });
  useEffect(() => {
    latest.current = spec;
    handle.current?.update(spec);
  }, [handle, spec]);
  return (
    <figure className="flex min-w-0 flex-col items-center">
      <div className="relative aspect-square w-full max-w-40">
        <div ref={ref} role="img" aria-label={`${label}: ${text}`} className="absolute inset-0" data-gauge-state={status} />
        {status !== 'ready' ? <div aria-hidden="true" className="absolute inset-3 animate-pulse rounded-full border-8 border-slate-100" /> : null}
      </div>
      <figcaption className="-mt-2 text-center text-xs text-slate-500">
        {label} <span className="font-semibold text-slate-900 tabular-nums" data-testid={testId}>{text}</span>
      </figcaption>
    </figure>
  );
}
