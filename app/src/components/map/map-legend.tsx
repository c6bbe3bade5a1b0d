/** A titled legend box on the map: one row per entry, a swatch and its meaning; `children` below the rows. */
import type { ReactNode } from 'react';

import { cx } from '@/components/ui/cx';

export interface LegendEntry {
  key: string;
  swatch: ReactNode;
  label: string;
}

interface MapLegendProps {
  /** The heading's id, also the test id. */
  id: string;
  title: string;
  entries: readonly LegendEntry[];
  className?: string;
  children?: ReactNode;
}

export function MapLegend({ id, title, entries, className, children }: MapLegendProps) {
  return (
    <section aria-labelledby={id} className={cx('rounded-lg bg-white/90 px-3 py-2 text-xs text-slate-600 shadow-sm ring-1 ring-slate-200', className)} data-testid={id}>
      <h2 id={id} className="mb-1 font-semibold text-slate-800">
        {title}
      </h2>
      <ul className="space-y-1">
        {entries.map((entry) => (
          <li key={entry.key} className="flex items-center gap-2">
            {entry.swatch}
            {entry.label}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
