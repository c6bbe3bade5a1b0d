/**
 * The import dialog of the CRUD kit: pick a CSV or XLSX file (the server reads both), upload it, and show the
 * row-level errors the server answers with (nothing is written then).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/feedback';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { downloadCsv } from './export';

export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

export type ImportOutcome = { ok: true; inserted: number } | { ok: false; message: string; errors: ImportRowError[] };

interface ImportDialogProps {
  title: string;
  /** The columns the file should carry (offered as a template download). */
  templateColumns: readonly string[];
  templateName: string;
  upload: (file: Blob, name: string) => Promise<ImportOutcome>;
  /** After rows were written (refresh the list). */
  onDone?: () => void;
  onClose: () => void;
}

export function ImportDialog({ title, templateColumns, templateName, upload, onDone, onClose }: ImportDialogProps) {
  const { t } = useTranslation('crud');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await upload(file, file.name);
      setOutcome(result);
      if (result.ok) {
        notify.success({ key: 'actions.done' });
        onDone?.();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="lg"
      testId="import-dialog"
      footer={
        <>
          <Button
            variant="ghost"
            onClick={() => {
              downloadCsv(`${templateName}.csv`, templateColumns, []);
            }}
          >
            {t('importTemplate')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="accent" disabled={!file || busy} aria-busy={busy} onClick={() => void send()}>
            {t('importUpload')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <label htmlFor={inputId} className="block text-sm text-slate-600">
          {t('importFile')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="block w-full text-sm"
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setOutcome(null);
          }}
        />
        <p className="text-xs text-slate-500">{t('importHint', { columns: templateColumns.join(', ') })}</p>
        {outcome && !outcome.ok ? (
          <div role="alert" className="space-y-2" data-testid="import-errors">
            <p className="text-sm font-medium text-red-600">{outcome.message}</p>
            {outcome.errors.length > 0 ? (
              <div className="max-h-64 overflow-auto rounded ring-1 ring-slate-200">
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('importErrors')}</caption>
                  <thead className="bg-slate-50 text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-left font-medium">{t('importRow')}</th>
                      <th scope="col" className="px-3 py-2 text-left font-medium">{t('importColumn')}</th>
                      <th scope="col" className="px-3 py-2 text-left font-medium">{t('importMessage')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {outcome.errors.map((e, i) => (
                      <tr key={`${String(e.row)}-${e.column}-${String(i)}`} className="border-t border-slate-100">
                        <td className="px-3 py-1.5 tabular-nums">{e.row}</td>
                        <td className="px-3 py-1.5">{e.column}</td>
                        <td className="px-3 py-1.5">{e.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
