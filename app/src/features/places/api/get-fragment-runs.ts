import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { toPage, type PageCall } from '@/lib/calls';
import { unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import { latestRuns, RUN_RUNNING } from '../model';
import type { FragmentRun } from '../types';
import { placesKeys } from './keys';

function fetchRuns(page: number, pageSize: number, signal?: AbortSignal, noLoading = false) {
  return api.get<PageResult<FragmentRun>>('/xtrack/reBuildFragment', { runs: true, page, pageSize }, { signal, noLoading });
}

/** GET /api/xtrack/reBuildFragment?runs=true&page=&pageSize= → PageResult<FragmentRun>: the generation log. */
export const getFragmentRuns: PageCall<object, FragmentRun> = async ({ page, pageSize }, signal) => toPage<FragmentRun>(unwrap(await fetchRuns(page, pageSize, signal)));

/** How often the log is asked again while a run followed is still building. */
const POLL_MS = 2000;
/** The log's largest page (the server's page-size limit). */
const MAX_PAGE_SIZE = 500;
/** The log is newest first: room for the runs others start meanwhile, which come before the ones followed. */
const OTHERS = 50;

/**
 * The runs started here, as the log has them: its first page is asked again every 2 s while any of them is still
 * running, and no more once all have finished (or the log could not be read: the request layer said why). In the
 * background, without the loading overlay.
 */
export function useFollowedRuns(started: readonly FragmentRun[]) {
  const pageSize = Math.min(MAX_PAGE_SIZE, started.length + OTHERS);
  const query = useQuery({
    queryKey: [...placesKeys.fragmentRuns, 'followed', pageSize],
    queryFn: async ({ signal }) => toPage<FragmentRun>(unwrap(await fetchRuns(1, pageSize, signal, true))).list,
    enabled: started.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.status !== 'error' && latestRuns(started, q.state.data).some((r) => r.state === RUN_RUNNING) ? POLL_MS : false),
  });
  return { runs: latestRuns(started, query.data), failed: query.isError, retry: () => void query.refetch() };
}
