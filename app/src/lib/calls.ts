/**
 * Small builders for the one-file-per-call modules: a paged list call, a plain call, and the paged query hook. Each
 * api/ file still names its path, payload and answer types; these only remove the repeated plumbing.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from './query';
import { api } from './request';
import type { ApiBase } from './request/config';
import type { Payload } from './request/types';

export interface Paging {
  page: number;
  pageSize: number;
}

export type PageCall<P, R> = (params: P & Paging, signal?: AbortSignal) => Promise<PageResult<R>>;

/** A call that answers the whole list (not paged). */
export type ListCall<P, R> = (params: P, signal?: AbortSignal) => Promise<R[]>;

/** A paged answer, or a whole list (the catalogue's `…All` calls) taken as one page. */
export function toPage<R>(data: Partial<PageResult<R>> | R[] | null | undefined): PageResult<R> {
  return Array.isArray(data) ? { list: data, total: data.length, page: 1, pageSize: data.length } : asPage(data);
}

export interface CallOptions {
  base?: ApiBase;
  /** A lookup beside the list of its kind (see RequestConfig.noSupersede). */
  noSupersede?: boolean;
}

/** POST `path` with the params → `{list, total, page, pageSize}` (or a plain list). */
export function pageCall<P extends object, R>(path: string, options: CallOptions = {}): PageCall<P, R> {
  return async (params, signal) => toPage<R>(unwrap(await api.post<Partial<PageResult<R>> | R[]>(path, { ...params } as Payload, { signal, ...options })));
}

/** POST `path` with the params → the whole list (a plain array; a page's `list` is taken too). */
export function listCall<P extends object, R>(path: string, options: CallOptions = {}): ListCall<P, R> {
  return async (params, signal) => toPage<R>(unwrap(await api.post<Partial<PageResult<R>> | R[]>(path, { ...params } as Payload, { signal, ...options }))).list;
}

export type Call<P, R> = (payload: P, signal?: AbortSignal) => Promise<R>;

/** POST `path` with the payload → data. */
export function postCall<P extends object, R = unknown>(path: string, options: CallOptions = {}): Call<P, R> {
  return async (payload, signal) => unwrap(await api.post<R>(path, { ...payload } as Payload, { signal, ...options }));
}

/** The paged list query of a call (the previous page stays while the next loads). */
export function usePageQuery<P extends object, R>(key: QueryKey, call: PageCall<P, R>, params: P & Paging) {
  return useQuery({
    queryKey: [...key, 'list', params],
    queryFn: ({ signal }) => call(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A plain read query. */
export function useCallQuery<P extends object, R>(key: QueryKey, call: Call<P, R>, payload: P, enabled = true) {
  return useQuery({
    queryKey: [...key, payload],
    queryFn: ({ signal }) => call(payload, signal),
    enabled,
  });
}
