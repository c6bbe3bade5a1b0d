/**
 * XLSX writing in the browser only (write-excel-file): reached through import() from the kit's export dialog, so it
 * stays out of the entry chunk and the SSR bundle (a lazy/ module).
 */
import writeXlsxFile from 'write-excel-file/browser';

type Cell = string | number | boolean | null;

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export async function downloadXlsx(filename: string, headers: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  await writeXlsxFile([headers.map((h) => h), ...rows.map((r) => r.map(cellOf))]).toFile(filename);
}

