/**
 * The export dialog of the CRUD kit: CSV or XLSX, then every page of the list (500 rows a call) with a progress bar
 * (rows fetched / total) and Cancel, then the download. XLSX is written by a lazily loaded module.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/feedback';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { downloadCsv } from './export';
import type { PageCall } from '@/lib/calls';
import { exportTable, fetchAllPages, type ExportColumn, type ExportProgress } from './export-all';

export interface ExportSpec<P extends object, R> {
  /** File name without extension. */
  name: string;
  fetchPage: PageCall<P, R>;
  /** The list's current filters. */
  params: P;
  columns: readonly ExportColumn<R>[];
}

type Format = 'csv' | 'xlsx';

export function ExportDialog<P extends object, R>({ spec, onClose }: { spec: ExportSpec<P, R>; onClose: () => void }) {
  const { t } = useTranslation('crud');
  const [format, setFormat] = useState<Format>('xlsx');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ fetched: 0, total: 0 });
    try {
      const rows = await fetchAllPages(spec.fetchPage, spec.params, setProgress, controller.signal);
      const table = exportTable(spec.columns, rows);
      if (format === 'csv') downloadCsv(`${spec.name}.csv`, table.headers, table.rows);
      else await (await import('./lazy/xlsx')).downloadXlsx(`${spec.name}.xlsx`, table.headers, table.rows);
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
      title={t('exportTitle')}
      size="sm"
      testId="export-dialog"
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
