/** Figure tiles of the MQTT console: a label, a number and an optional line below. Two columns on phones. */
import type { ReactNode } from 'react';

export function Figures({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid={testId}>
      {children}
    </dl>
  );
}

export function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}
