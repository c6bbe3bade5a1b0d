/** Paging rules of console-spec §9. Pure. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES: readonly number[] = [10, 50, 100, 500];

/** The pager is shown only when the total exceeds the page size. */
export function showPager(total: number, pageSize: number): boolean {
  return total > pageSize;
}

export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, pageSize));
}

/** A page size from the allowed choices (anything else becomes the default). */
export function normalizePageSize(size: unknown): number {
  return typeof size === 'number' && PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** Page buttons around the current one: `[1, 'gap', 4, 5, 6, 'gap', 20]`. */
export function pageWindow(current: number, count: number, radius = 1): (number | 'gap')[] {
  const pages = new Set<number>([1, count]);
  for (let p = current - radius; p <= current + radius; p += 1) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) out.push(p - 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

/** "11–20 of 57" numbers for a page. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}
