/**
 * The data library glue: @tanstack/react-query for caching, de-duplication and invalidation; the request layer for
 * everything on the wire (its answers are turned into thrown ApiErrors here so queries get a proper error state).
 */
import { QueryClient, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { notify } from './feedback';
import { CODE_CANCELLED, CODE_OK, CODE_SEARCH_TIMEOUT, CODE_TRANSPORT } from './request/config';
import type { Answer, Envelope, Message } from './request/types';

export class ApiError extends Error {
  readonly code: number;
  /** The request field a refusal is about, as a JSON path (`entName`, `axles[1].highPressure`): the server sends it as `data.field`. */
  readonly field: string | undefined;
  constructor(code: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = field;
  }
  /** No answer at all (network, time-out): the views say so instead of showing the server's text. */
  get isTransport(): boolean {
    return this.code === CODE_TRANSPORT || this.code === CODE_SEARCH_TIMEOUT;
  }
  get isCancelled(): boolean {
    return this.code === CODE_CANCELLED;
  }
}

function refusal(answer: Envelope<unknown>): ApiError {
  const data: unknown = answer.data;
  const field = data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' ? data.field : undefined;
  return new ApiError(answer.code, answer.msg, field);
}

/** The data of a successful envelope; anything else throws an ApiError (the request layer already told the user). */
export function unwrap<T>(answer: Answer<T>): T {
  if (typeof answer === 'string') throw new ApiError(CODE_TRANSPORT, 'unexpected plain-text answer');
  if (answer.code !== CODE_OK) throw refusal(answer);
  return answer.data;
}

/** The envelope of a successful call (when the caller needs msg too). */
export function unwrapEnvelope<T>(answer: Answer<T>): Envelope<T> {
  if (typeof answer === 'string') throw new ApiError(CODE_TRANSPORT, 'unexpected plain-text answer');
  if (answer.code !== CODE_OK) throw refusal(answer);
  return answer;
}

/** `{list, total, page, pageSize}` (gva-api §1 PageResult). */
export interface PageResult<T> {
  list: T[];
  total: number;
  /** The server stopped counting at `total`: at least that many rows (lists that bound their count, e.g. work orders). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

export function asPage<T>(data: Partial<PageResult<T>> | null | undefined): PageResult<T> {
  return {
    list: Array.isArray(data?.list) ? data.list : [],
    total: typeof data?.total === 'number' ? data.total : 0,
    page: typeof data?.page === 'number' ? data.page : 1,
    pageSize: typeof data?.pageSize === 'number' ? data.pageSize : 10,
    ...(data?.totalCapped === true ? { totalCapped: true } : {}),
  };
}

/**
 * One client per browser page (and a throwaway one per server render, where nothing is fetched). No retries: the
 * request layer has already shown the error; no refetch on focus: the overlay would flash for nothing.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * A mutation that refreshes the given queries and says 'operation successful' when it worked. Its promise rejects on
 * a refusal (the request layer already showed why), so dialogs stay open.
 */
export function useApiMutation<P, R>(
  mutationFn: (payload: P) => Promise<R>,
  options: { invalidate: readonly QueryKey[]; success?: Message | null } = { invalidate: [] },
) {
  const client = useQueryClient();
  return useMutation({
    // only the payload: react-query passes its own context second, which a call would take for an AbortSignal
    mutationFn: (payload: P) => mutationFn(payload),
    onSuccess: async () => {
      if (options.success !== null) notify.success(options.success ?? { key: 'actions.done' });
      await Promise.all(options.invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
