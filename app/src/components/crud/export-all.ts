/** Export of a whole list: pages through the list call (500 rows a page) reporting progress. Pure (no DOM). */
import type { PageCall } from '@/lib/calls';

export const EXPORT_PAGE_SIZE = 500;

export interface ExportProgress {
  fetched: number;
  total: number;
}

/** Every row of the list for `params`; stops at the total, on a short page, or when `signal` aborts (throws). */
export async function fetchAllPages<P extends object, R>(
  fetchPage: PageCall<P, R>,
  params: P,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<R[]> {
  const rows: R[] = [];
  for (let page = 1; ; page += 1) {
    if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
    const answer = await fetchPage({ ...params, page, pageSize: EXPORT_PAGE_SIZE }, signal);
    if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
    rows.push(...answer.list);
    const total = Math.max(answer.total, rows.length);
    onProgress({ fetched: rows.length, total });
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= total) return rows;
  }
}

export interface ExportColumn<R> {
  header: string;
  value: (row: R) => unknown;
}

export function exportTable<R>(columns: readonly ExportColumn<R>[], rows: readonly R[]): { headers: string[]; rows: unknown[][] } {
  return { headers: columns.map((c) => c.header), rows: rows.map((r) => columns.map((c) => c.value(r))) };
}
