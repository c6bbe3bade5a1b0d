/** Page furniture of the console views: the page frame, panels, the list toolbar and list state (filters + paging). */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { DownloadIcon, PlusIcon, RefreshIcon } from '@/components/ui/icons';
import { DEFAULT_PAGE_SIZE, normalizePageSize } from './paging';

export function ViewPage({ title, description, actions, children, className }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cx('mx-auto w-full max-w-[1600px] space-y-4 p-3 md:p-6', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function Panel({ children, className, title, actions }: { children: ReactNode; className?: string; title?: ReactNode; actions?: ReactNode }) {
  return (
    <section className={cx('rounded-xl bg-white shadow-sm ring-1 ring-slate-200', className)}>
      {title || actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          {title ? <h3 className="text-sm font-semibold text-slate-900">{title}</h3> : <span />}
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

interface ToolbarProps {
  onAdd?: (() => void) | null;
  addLabel?: string;
  onExport?: (() => void) | null;
  onRefresh?: (() => void) | null;
  children?: ReactNode;
}

/** Add / Export / Refresh; each button shows only when its handler is given (pass null when the role may not). */
export function ListToolbar({ onAdd, addLabel, onExport, onRefresh, children }: ToolbarProps) {
  const { t } = useTranslation('crud');
  return (
    <>
      {children}
      {onRefresh ? (
        <Button variant="ghost" size="sm" onClick={onRefresh} aria-label={t('refresh')} title={t('refresh')}>
          <RefreshIcon className="size-4" />
        </Button>
      ) : null}
      {onExport ? (
        <Button variant="secondary" size="sm" onClick={onExport}>
          <DownloadIcon className="size-4" />
          {t('export')}
        </Button>
      ) : null}
      {onAdd ? (
        <Button variant="accent" size="sm" onClick={onAdd}>
          <PlusIcon className="size-4" />
          {addLabel ?? t('add')}
        </Button>
      ) : null}
    </>
  );
}

export interface ListState<F> {
  filters: F;
  page: number;
  pageSize: number;
  /** New filters start again at page 1. Answers false when nothing changed (the caller then refetches). */
  setFilters: (filters: F) => boolean;
  setPaging: (page: number, pageSize: number) => void;
}

export function useListState<F>(initial: F, initialPageSize = DEFAULT_PAGE_SIZE): ListState<F> {
  const [filters, setFiltersState] = useState<F>(initial);
  const [paging, setPagingState] = useState({ page: 1, pageSize: normalizePageSize(initialPageSize) });
  return {
    filters,
    page: paging.page,
    pageSize: paging.pageSize,
    setFilters: (f) => {
      if (JSON.stringify(f) === JSON.stringify(filters) && paging.page === 1) return false;
      setFiltersState(f);
      setPagingState((p) => ({ ...p, page: 1 }));
      return true;
    },
    setPaging: (page, pageSize) => {
      setPagingState({ page, pageSize: normalizePageSize(pageSize) });
    },
  };
}

/** Small text buttons in a table row (edit, delete, …). */
export function RowAction({ onClick, children, tone = 'default', label }: { onClick: () => void; children: ReactNode; tone?: 'default' | 'danger'; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cx(
        'inline-flex items-center gap-1 rounded px-1.5 py-1 text-sm font-medium whitespace-nowrap hover:underline',
        tone === 'danger' ? 'text-red-600' : 'text-accent',
      )}
    >
      {children}
    </button>
  );
}

export function RowActions({ children }: { children: ReactNode }) {
  return <div className="-mx-1.5 flex flex-wrap items-center gap-x-1">{children}</div>;
}
