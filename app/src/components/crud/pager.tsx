/** Paging of console-spec §9: sizes 10/50/100/500, default 10, no pager when the total fits one page. */
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { PAGE_SIZES, pageCount, pageRange, pageWindow, showPager } from './paging';

interface PagerProps {
  total: number;
  /** The server stopped counting at `total` (more rows match): shown as "10,000+". */
  totalCapped?: boolean | undefined;
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize: number) => void;
}

const btn = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm tabular-nums disabled:cursor-not-allowed disabled:opacity-40';

export function Pager({ total, totalCapped = false, page, pageSize, onChange }: PagerProps) {
  const { t } = useTranslation('crud');
  const count = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-1 py-3 text-sm text-slate-600">
      <span data-testid="pager-total">
        {totalCapped ? t('pager.rangeCapped', { from, to, total: total.toLocaleString('en-US') }) : total > 0 ? t('pager.range', { from, to, total }) : t('pager.total', { total })}
      </span>
      {showPager(total, pageSize) ? (
        <nav aria-label={t('pager.label')} className="flex flex-wrap items-center gap-1" data-testid="pager">
          <button
            type="button"
            className={cx(btn, 'hover:bg-slate-100')}
            disabled={page <= 1}
            aria-label={t('pager.prev')}
            onClick={() => {
              onChange(page - 1, pageSize);
            }}
          >
            <ChevronLeftIcon className="size-4" />
          </button>
          {pageWindow(page, count).map((p, i) =>
            p === 'gap' ? (
              <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={p}
                type="button"
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: p })}
                className={cx(btn, p === page ? 'bg-accent font-semibold text-white' : 'hover:bg-slate-100')}
                onClick={() => {
                  onChange(p, pageSize);
                }}
              >
                {p}
              </button>
            ),
          )}
          <button
            type="button"
            className={cx(btn, 'hover:bg-slate-100')}
            disabled={page >= count}
            aria-label={t('pager.next')}
            onClick={() => {
              onChange(page + 1, pageSize);
            }}
          >
            <ChevronRightIcon className="size-4" />
          </button>
          <label className="ml-2 flex items-center gap-1.5">
            <span className="sr-only">{t('pager.size')}</span>
            <select
              value={pageSize}
              onChange={(e) => {
                onChange(1, Number(e.target.value));
              }}
              className="h-8 rounded-md border-0 bg-white pr-7 pl-2 text-sm ring-1 ring-slate-300 ring-inset"
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {t('pager.perPage', { size: s })}
                </option>
              ))}
            </select>
          </label>
        </nav>
      ) : null}
    </div>
  );
}
