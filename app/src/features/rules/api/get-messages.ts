import { useQuery } from '@tanstack/react-query';

import { toPage, usePageQuery, type Paging } from '@/lib/calls';
import { unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Message } from '../types';
import { rulesKeys } from './keys';

export interface MessageListParams {
  /** Default true; false: the whole enterprise's log (admins). */
  mine?: boolean;
  read?: boolean;
  masked?: boolean;
  system?: boolean;
  kind?: number;
  vehicleId?: number;
  /** ms */
  from?: number;
  to?: number;
}

export interface MessagePage extends PageResult<Message> {
  /** The caller's unread messages (whatever the filters). */
  unread: number;
}

async function pushLog(params: MessageListParams & Paging, signal: AbortSignal | undefined, background: boolean): Promise<MessagePage> {
  const data = unwrap(await api.post<Partial<MessagePage> | null>('/rule/push_log', { ...params }, { signal, noLoading: background }));
  return { ...toPage<Message>(data), unread: typeof data?.unread === 'number' ? data.unread : 0 };
}

/** POST /api/rule/push_log (no action) → a page of messages plus the caller's unread count. */
export function getMessages(params: MessageListParams & Paging, signal?: AbortSignal): Promise<MessagePage> {
  return pushLog(params, signal, false);
}

export function useMessages(params: MessageListParams & Paging) {
  return usePageQuery(rulesKeys.messages, getMessages, params);
}

/**
 * The header bell: my latest `count` messages and my unread count, fetched without the loading overlay (it refreshes
 * in the background whenever a live "message" frame arrives).
 */
export function useLatestMessages(count: number, enabled: boolean) {
  const params = { mine: true, page: 1, pageSize: count };
  return useQuery({ queryKey: [...rulesKeys.messages, 'latest', params], queryFn: ({ signal }) => pushLog(params, signal, true), enabled });
}
