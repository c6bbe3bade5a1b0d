/** A list's totals (`collect`) as a row of figures over the table. */
import type { ReactNode } from 'react';

import { cx } from '@/components/ui/cx';

export interface Figure {
  key: string;
  label: string;
  value: ReactNode;
  tone?: 'default' | 'red' | 'green';
}

export function Totals({ figures, testId, label }: { figures: readonly Figure[]; testId: string; label: string }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid={testId} aria-label={label}>
      {figures.map((f) => (
        <div key={f.key} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-100" data-figure={f.key}>
          <dt className="text-xs text-slate-500">{f.label}</dt>
          <dd className={cx('text-base font-semibold tabular-nums', f.tone === 'red' ? 'text-red-600' : f.tone === 'green' ? 'text-emerald-700' : 'text-slate-900')}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
