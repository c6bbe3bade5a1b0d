import { toText } from '@/lib/request/client';

/** The export hook point of the CRUD kit: rows → CSV download (UTF-8 with BOM so spreadsheet apps read Chinese). */
function csvCell(value: unknown): string {
  const s = value === null || value === undefined ? '' : toText(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
}

/** Browser only. */
export function downloadCsv(filename: string, headers: readonly string[], rows: readonly (readonly unknown[])[]): void {
  downloadFile(filename, ['\uFEFF', toCsv(headers, rows)], 'text/csv;charset=utf-8');
}

/** Browser only: saves the text (or a fetched file) as a file. */
export function downloadFile(filename: string, parts: readonly BlobPart[], type: string): void {
  const blob = new Blob([...parts], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
