import { useInfiniteQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { MessagePage, MessageQuery } from '@/lib/api-types';
import { olderThan } from '../discussion';
import { workKeys } from './keys';

/** POST /api/work/message_list → MessagePage: notes before `beforeId`, oldest first; moves my read mark forward. */
export const getMessages = postCall<MessageQuery, MessagePage>('/work/message_list');

/** How many notes one "load earlier" brings. */
export const MESSAGES_PER_PAGE = 30;

/** The query key of one order's messages (a new note there refetches it). */
export function messagesKey(orderId: number) {
  return [...workKeys.discussions, 'messages', orderId] as const;
}

/** An order's discussion: the newest page first, each older page after it ("load earlier" fetches the next). */
export function useMessages(orderId: number) {
  return useInfiniteQuery({
    queryKey: messagesKey(orderId),
    queryFn: ({ pageParam, signal }) => getMessages({ orderId, beforeId: pageParam, limit: MESSAGES_PER_PAGE }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: olderThan,
  });
}
