import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { postCall } from '@/lib/calls';
import type { TrackAnalysis } from '@/lib/api-types';
import { tracksKey } from './keys';

/** A vehicle and UTC days, both included (at most 366). */
export interface AnalyseParams {
  vehicleId: number;
  startDate: string;
  endDate: string;
}

/** A new analysis, or its job: the contract's AnalyseQuery reads `(null | DayRange) & {…}`, which TypeScript narrows
 * to the day range alone, so the job's payload is spelt here. */
type AnalysePayload = AnalyseParams | { jobId: number; cancel?: boolean };

/**
 * POST /api/web/track/analyse → TrackAnalysis. `{vehicleId, startDate, endDate}` reads the finished days and builds the
 * missing ones; with more than seven missing it answers the days ready and a `jobId`, and `{jobId}` answers the
 * progress, `{jobId, cancel: true}` stops the job.
 */
export const analyseTracks = postCall<AnalysePayload, TrackAnalysis>('/web/track/analyse');

/** How often a running job is asked for its progress. */
const POLL_MS = 1500;

/**
 * The range's days: the first answer, then (while a job builds the rest) its progress every 1.5 s until `done`.
 * `cancel` stops the job; the days built so far stay.
 */
export function useTrackAnalysis(params: AnalyseParams | null) {
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState<number | null>(null);
  const first = useQuery({
    queryKey: [...tracksKey, 'analyse', params],
    queryFn: params ? ({ signal }) => analyseTracks(params, signal) : skipToken,
  });
  const jobId = first.data && !first.data.done ? (first.data.jobId ?? null) : null;
  const polling = jobId !== null && cancelled !== jobId;
  const progress = useQuery({
    queryKey: [...tracksKey, 'analyse-job', jobId],
    queryFn: jobId !== null && polling ? ({ signal }) => analyseTracks({ jobId }, signal) : skipToken,
    refetchInterval: (query) => (query.state.data?.done ? false : POLL_MS),
  });
  const data = progress.data ?? first.data;
  return {
    data,
    /** The days with fixes (the answer lists every day of the range). */
    days: (data?.days ?? []).filter((d) => d.total > 0),
    isPending: first.isPending && params !== null,
    isError: first.isError || progress.isError,
    running: polling && !(progress.data?.done ?? false),
    cancelled: jobId !== null && cancelled === jobId,
    refetch: () => {
      setCancelled(null);
      void queryClient.invalidateQueries({ queryKey: [...tracksKey, 'analyse'] });
    },
    cancel: async () => {
      if (jobId === null) return;
      setCancelled(jobId);
      const answer = await analyseTracks({ jobId, cancel: true });
      queryClient.setQueryData([...tracksKey, 'analyse-job', jobId], answer);
    },
  };
}
