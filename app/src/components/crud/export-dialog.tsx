/**
 * The export dialog of the CRUD kit: filters of its own when the spec asks for some (a date range, a state…), CSV or
 * XLSX, then every page of the list (500 rows a call) with a progress bar (rows fetched / total) and Cancel, then the
 * download; nothing found says so instead of writing an empty file. XLSX is written by a lazily loaded module.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/feedback';
import { formatDay } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { downloadCsv } from './export';
import type { PageCall } from '@/lib/calls';
import { exportTable, fetchAllPages, type ExportColumn, type ExportProgress } from './export-all';
import { FilterField, type SearchField, type SearchValues } from './search-form';

/** Filters asked in the dialog itself; their values become params over the spec's own. */
export interface ExportFilters<P> {
  fields: readonly SearchField[];
  initial?: SearchValues;
  toParams: (values: SearchValues) => Partial<P>;
}

export interface ExportSpec<P extends object, R> {
  /** File name without extension. */
  name: string;
  /** Add the day of the export to the name (`work-orders-2026-11-27.xlsx`). */
  dated?: boolean;
  /** The dialog's title (default: Export). */
  title?: string;
  fetchPage: PageCall<P, R>;
  /** The list's current filters. */
  params: P;
  filters?: ExportFilters<P>;
  columns: readonly ExportColumn<R>[];
  testId?: string;
}

type Format = 'csv' | 'xlsx';

export function ExportDialog<P extends object, R>({ spec, onClose }: { spec: ExportSpec<P, R>; onClose: () => void }) {
  const { t } = useTranslation('crud');
  const [format, setFormat] = useState<Format>('xlsx');
  const [values, setValues] = useState<SearchValues>(spec.filters?.initial ?? {});
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [empty, setEmpty] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const base = useId();

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setEmpty(false);
    setProgress({ fetched: 0, total: 0 });
    try {
      const params = spec.filters ? { ...spec.params, ...spec.filters.toParams(values) } : spec.params;
      const rows = await fetchAllPages(spec.fetchPage, params, setProgress, controller.signal);
      if (rows.length === 0) {
        setEmpty(true);
        setProgress(null);
        return;
      }
      const table = exportTable(spec.columns, rows);
      const name = spec.dated ? `${spec.name}-${formatDay(new Date())}` : spec.name;
      if (format === 'csv') downloadCsv(`${name}.csv`, table.headers, table.rows);
      else await (await import('./lazy/xlsx')).downloadXlsx(`${name}.xlsx`, table.headers, table.rows);
      onClose();
    } catch {
      // cancelled, or the list call failed (the request layer said why)
      if (!controller.signal.aborted) notify.error({ key: 'actions.failed' });
      setProgress(null);
    }
  };

  const cancel = () => {
    abort.current?.abort();
    onClose();
  };

  const pct = progress && progress.total > 0 ? Math.round((progress.fetched / progress.total) * 100) : 0;
  return (
    <Dialog
      open
      onClose={cancel}
      title={spec.title ?? t('exportTitle')}
      size="sm"
      testId={spec.testId ?? 'export-dialog'}
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            {t('cancel')}
          </Button>
          <Button variant="accent" disabled={progress !== null} onClick={() => void run()}>
            {t('export')}
          </Button>
        </>
      }
    >
      {spec.filters ? (
        <fieldset className="mb-4 grid gap-3 sm:grid-cols-2" disabled={progress !== null}>
          {spec.filters.fields.map((f) => (
            <div key={f.name}>
              <FilterField
                id={`${base}-${f.name}`}
                field={f}
                value={values[f.name] ?? ''}
                onChange={(value) => {
                  setEmpty(false);
                  setValues((v) => ({ ...v, [f.name]: value }));
                }}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="space-y-2" disabled={progress !== null}>
        <legend className="mb-2 text-sm text-slate-600">{t('exportFormat')}</legend>
        {(['xlsx', 'csv'] as const).map((f) => (
          <label key={f} className="mr-4 inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="export-format"
              value={f}
              checked={format === f}
              onChange={() => {
                setFormat(f);
              }}
            />
            {f.toUpperCase()}
          </label>
        ))}
      </fieldset>
      {empty ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="export-empty">
          {t('exportEmpty')}
        </p>
      ) : null}
      {progress ? (
        <div className="mt-4 space-y-1" data-testid="export-progress">
          <div className="h-2 overflow-hidden rounded bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('exportProgressLabel')}>
            <div className="bg-accent h-full transition-[width]" style={{ width: `${String(pct)}%` }} />
          </div>
          <p className="text-xs text-slate-500 tabular-nums">{t('exportProgress', { fetched: progress.fetched, total: progress.total })}</p>
        </div>
      ) : null}
    </Dialog>
  );
}

/** For list views outside ResourceView: `start` opens the export dialog, `dialog` is rendered by the view. */
export function useExportDialog<P extends object, R>(spec: ExportSpec<P, R>): { start: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  return {
    start: () => {
      setOpen(true);
    },
    dialog: open ? (
      <ExportDialog
        spec={spec}
        onClose={() => {
          setOpen(false);
        }}
      />
    ) : null,
  };
}
