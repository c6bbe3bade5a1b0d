/** Display helpers shared by the views. Pure. */

/** 13812345678 → 138****5678: the first 3 and the last 4 digits stay (console-spec §5). */
export function maskPhone(phone: string | number | null | undefined): string {
  if (phone === null || phone === undefined) return '';
  const s = String(phone).trim();
  if (s.length <= 7) return s;
  return `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`;
}

/** `2026-11-21T08:03:00Z` → `2026-11-21 16:03` in the browser's zone; '' for nothing, the input for garbage. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** `3725` → `1:02:05` (hours:minutes:seconds; hours are not capped at a day). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${String(h)}:${p(m)}:${p(s)}`;
}

/** `2026-11-21T08:03:05Z` → `16:03:05` in the browser's zone; '' for nothing. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A day in the browser's zone as `YYYY-MM-DD` (file names, date inputs). */
export function formatDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** '' (or only spaces) → undefined, for optional filters. */
export function orUndefined(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value.trim() === '' ? undefined : value;
}

/** 1536 → `1.5 KB`: bytes for people (1024-based, one decimal below 10). */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return i === 0 ? `${String(v)} B` : `${v < 10 ? v.toFixed(1) : Math.round(v).toString()} ${units[i] ?? ''}`;
}
