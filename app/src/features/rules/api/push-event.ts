import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { rulesKeys } from './keys';

export interface PushEventPayload {
  /** An existing alarm to push again; or an ad-hoc notice (title + content). */
  alarmId?: number;
  title?: string;
  content?: string;
  /** Default: the members of the rules the alarm matches. */
  memberIds?: number[];
}

/** POST /api/rule/push_event: pushes an alarm or a notice now → {delivered}. */
export const pushEvent = postCall<PushEventPayload, { delivered: number }>('/rule/push_event');

export function usePushEvent() {
  return useApiMutation(pushEvent, { invalidate: [rulesKeys.messages], success: null });
}
