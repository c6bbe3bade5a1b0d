import { postCall, useCallQuery } from '../../../lib/calls';

export interface IngestionDay {
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** `accepted` or a refusal reason */
  outcome: string;
  count: number;
}

export interface IngestionSummary {
  /** since the server started */
  accepted: number;
  rejected: Record<string, number>;
  days: IngestionDay[];
}

/** POST /api/web/log/statistics_ingestion {days} → device reports accepted and refused by reason (platform staff). */
export const getIngestionStatistics = postCall<{ days: number }, IngestionSummary>('/web/log/statistics_ingestion');

export function useIngestionStatistics(enabled: boolean, days = 7) {
  return useCallQuery(['reports', 'ingestion'], getIngestionStatistics, { days }, enabled);
}
