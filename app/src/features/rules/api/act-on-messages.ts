import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { rulesKeys } from './keys';
import type { LogAction } from '@/lib/api-types';

export type MessageAction = LogAction;

/** POST /api/rule/push_log {action, ids}: marks, deletes, masks or unmasks the caller's own messages → {affected}. */
export const actOnMessages = postCall<{ action: MessageAction; ids: number[] }, { affected: number }>('/rule/push_log');

/** `quiet`: no 'done' toast (the bell marks messages read as they are opened). */
export function useActOnMessages(quiet = false) {
  return useApiMutation(actOnMessages, { invalidate: [rulesKeys.messages], ...(quiet ? { success: null } : {}) });
}
