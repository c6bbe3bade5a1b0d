/** Empty, error and loading states shared by lists and detail views. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from './button';
import { cx } from './cx';
import { AlertIcon, SpinnerIcon } from './icons';

export function EmptyState({ title, children, className }: { title?: ReactNode; children?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx('flex flex-col items-center justify-center gap-2 px-6 py-12 text-center', className)} data-testid="empty-state">
      <svg viewBox="0 0 64 40" className="h-10 w-16 text-slate-300" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M4 28 14 8h36l10 20v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8Z" />
        <path d="M4 28h16l3 5h18l3-5h16" />
      </svg>
      <p className="text-sm font-medium text-slate-600">{title ?? t('states.empty')}</p>
      {children}
    </div>
  );
}

export function ErrorState({ message, onRetry, className }: { message?: ReactNode; onRetry?: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)} data-testid="error-state">
      <AlertIcon className="size-8 text-red-400" />
      <p className="max-w-md text-sm text-slate-600">{message ?? t('states.error')}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function LoadingState({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx('flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-500', className)} role="status" data-testid="loading-state">
      <SpinnerIcon className="size-4 animate-spin" />
      {label ?? t('loading')}
    </div>
  );
}

/** Grey bars standing in for content that is on its way (first render of a console view). */
export function Skeleton({ rows = 6, className }: { rows?: number; className?: string }) {
  return (
    <div className={cx('animate-pulse space-y-3', className)} aria-hidden="true">
      <div className="h-8 w-1/3 rounded-md bg-slate-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-10 rounded-md bg-slate-100" />
      ))}
    </div>
  );
}

export function Badge({ tone = 'slate', children }: { tone?: 'slate' | 'green' | 'red' | 'amber' | 'blue'; children: ReactNode }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    red: 'bg-red-50 text-red-700 ring-red-200',
    amber: 'bg-amber-50 text-amber-800 ring-amber-200',
    blue: 'bg-brand-50 text-brand-700 ring-brand-200',
  } as const;
  return <span className={cx('inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone])}>{children}</span>;
}
