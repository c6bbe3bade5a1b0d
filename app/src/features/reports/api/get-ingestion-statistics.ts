import { postCall, useCallQuery } from '@/lib/calls';
import type { DayCount, IngestionSummary } from '@/lib/api-types';

export type IngestionDay = DayCount;

export type { IngestionSummary };

/** POST /api/web/log/statistics_ingestion {days} → device reports accepted and refused by reason (platform staff). */
export const getIngestionStatistics = postCall<{ days: number }, IngestionSummary>('/web/log/statistics_ingestion');

export function useIngestionStatistics(enabled: boolean, days = 7) {
  return useCallQuery(['reports', 'ingestion'], getIngestionStatistics, { days }, enabled);
}
