/**
 * XLSX in the browser only (write-excel-file / read-excel-file): reached through import() from the kit's export and
 * import dialogs, so it stays out of the entry chunk and the SSR bundle (a lazy/ module).
 */
import { readSheet } from 'read-excel-file/browser';
import writeXlsxFile from 'write-excel-file/browser';

import { toText } from '../../../lib/request/client';
import { toCsv } from '../export';

type Cell = string | number | boolean | null;

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export async function downloadXlsx(filename: string, headers: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  await writeXlsxFile([headers.map((h) => h), ...rows.map((r) => r.map(cellOf))]).toFile(filename);
}

/** The first sheet of a workbook as CSV text (the server's import reads CSV). */
export async function xlsxToCsv(file: File): Promise<string> {
  const rows = await readSheet(file);
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const [header = [], ...body] = rows;
  return toCsv(header.map((h) => toText(text(h))), body.map((r) => r.map(text)));
}
