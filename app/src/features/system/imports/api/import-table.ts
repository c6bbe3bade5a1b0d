import type { ImportOutcome, ImportRowError } from '@/components/crud/import-dialog';
import { CODE_OK } from '@/lib/request/config';
import { api } from '@/lib/request';

/** The tables this console imports into (the server's importers). */
export type ImportTarget = 'vehicles' | 'drivers' | 'devices' | 'stock_opening' | 'tyre_assets';

function rowErrors(data: unknown): ImportRowError[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object')
    .map((e) => ({ row: typeof e.row === 'number' ? e.row : 0, column: typeof e.column === 'string' ? e.column : '', message: typeof e.message === 'string' ? e.message : '' }));
}

/**
 * POST /api/web/tool/csv, multipart `table` + `file` (CSV or XLSX) → {table, inserted}; a refusal is code 7 with
 * `[{row, column, message}]` in data and nothing written. The refusal is shown in the dialog, not as a toast.
 */
export async function importTable(table: ImportTarget, file: Blob, filename: string): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('table', table);
  form.append('file', file, filename);
  const answer = await api.post<unknown>('/web/tool/csv', form, { noErrorToast: true });
  if (typeof answer === 'string') return { ok: false, message: answer, errors: [] };
  if (answer.code === CODE_OK) {
    const data = answer.data as { inserted?: unknown } | null;
    return { ok: true, inserted: typeof data?.inserted === 'number' ? data.inserted : 0 };
  }
  return { ok: false, message: answer.msg, errors: rowErrors(answer.data) };
}
