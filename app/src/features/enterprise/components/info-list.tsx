/** A definition list of label/value pairs in a responsive grid (detail pages). */
import type { ReactNode } from 'react';

export function InfoList({ items, testId }: { items: readonly (readonly [string, ReactNode])[]; testId?: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 xl:grid-cols-3" data-testid={testId}>
      {items.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-slate-500">{k}</dt>
          <dd className="mt-1 break-words text-slate-900">{v === '' || v === null || v === undefined ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}
