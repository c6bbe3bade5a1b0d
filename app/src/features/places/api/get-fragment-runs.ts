import { toPage, type PageCall } from '@/lib/calls';
import { unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { FragmentRun } from '../types';

/** GET /api/xtrack/reBuildFragment?runs=true&page=&pageSize= → PageResult<FragmentRun>: the generation log. */
export const getFragmentRuns: PageCall<object, FragmentRun> = async ({ page, pageSize }, signal) =>
  toPage<FragmentRun>(unwrap(await api.get<PageResult<FragmentRun>>('/xtrack/reBuildFragment', { runs: true, page, pageSize }, { signal })));
