/**
 * The table of the CRUD kit, driven by a column list. Wide screens get a <table>; phones (≤768 px) get one card per
 * row. Loading, error and empty states are built in.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';

export interface Column<R> {
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  className?: string;
  /** The card title on phones (first such column). */
  primary?: boolean;
  /** Left out of the phone cards (e.g. the avatar). */
  hideOnMobile?: boolean;
  align?: 'left' | 'right' | 'center';
}

interface DataTableProps<R> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  caption: string;
  loading?: boolean;
  error?: ReactNode | null;
  onRetry?: () => void;
  empty?: ReactNode;
  /** Shown dimmed while a new page loads over the old one. */
  stale?: boolean;
  testId?: string;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

export function DataTable<R>({ columns, rows, rowKey, caption, loading, error, onRetry, empty, stale, testId }: DataTableProps<R>) {
  const { t } = useTranslation('crud');
  if (error) return <ErrorState message={error} onRetry={onRetry} />;
  if (loading && rows.length === 0) return <LoadingState />;
  if (rows.length === 0) return <EmptyState title={empty} />;
  const primary = columns.find((c) => c.primary) ?? columns[0];
  return (
    <div className={cx('transition-opacity', stale && 'opacity-60')} data-testid={testId} aria-busy={stale ? true : undefined}>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cx(
                    'sticky top-0 border-b border-slate-200 bg-slate-50 px-3 py-2.5 font-medium whitespace-nowrap text-slate-600 first:pl-4 last:pr-4',
                    ALIGN[c.align ?? 'left'],
                  )}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50/70">
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={cx('border-b border-slate-100 px-3 py-2.5 align-middle text-slate-700 first:pl-4 last:pr-4', ALIGN[c.align ?? 'left'], c.className)}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="px-4 py-3">
            {primary ? <div className="mb-2 font-medium text-slate-900">{primary.cell(row)}</div> : null}
            <dl className="grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
              {columns
                .filter((c) => c !== primary && !c.hideOnMobile)
                .map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="text-slate-500">{c.header}</dt>
                    <dd className="min-w-0 break-words text-slate-700">{c.cell(row)}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {t('rowsShown', { count: rows.length })}
      </span>
    </div>
  );
}
