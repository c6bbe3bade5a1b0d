import { postCall, useCallQuery } from '@/lib/calls';
import type { MessageCount } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/message_count → MessageCount: my unread notes, in total and per discussion (muted ones left out). */
export const getUnread = postCall<Record<string, never>, MessageCount>('/work/message_count');

export function useUnread() {
  return useCallQuery([...workKeys.discussions, 'unread'], getUnread, {});
}
