import type { IngestionDay } from './api/get-ingestion-statistics';

/** Accepted and refused totals per day, oldest first. */
export function dailyTotals(days: readonly IngestionDay[]): { day: string; accepted: number; refused: number }[] {
  const byDay = new Map<string, { day: string; accepted: number; refused: number }>();
  for (const d of days) {
    const row = byDay.get(d.day) ?? { day: d.day, accepted: 0, refused: 0 };
    if (d.outcome === 'accepted') row.accepted += d.count;
    else row.refused += d.count;
    byDay.set(d.day, row);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}
