import { toPage, type Paging } from '@/lib/calls';
import { unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Payload } from '@/lib/request/types';
import type { CollectPage } from '../types';

/**
 * POST `path` with the params → `{list, total, page, pageSize, collect}`: a paged list that also answers its totals
 * (`collect`), which lib/calls' pageCall leaves out. Usable wherever a PageCall is (the kit's lists and exports).
 */
export type CollectCall<P, R, C> = (params: P & Paging, signal?: AbortSignal) => Promise<CollectPage<R, C>>;

export function collectPageCall<P extends object, R, C>(path: string, options: { noSupersede?: boolean } = {}): CollectCall<P, R, C> {
  return async (params, signal) => {
    const data = unwrap(await api.post<(Partial<PageResult<R>> & { collect?: C | null }) | null>(path, { ...params } as Payload, { signal, ...options }));
    return { ...toPage<R>(data), collect: data?.collect ?? null };
  };
}
