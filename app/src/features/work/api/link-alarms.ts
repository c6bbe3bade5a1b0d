import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { AlarmLink, LinkedAlarm } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/abnormalAssociation → LinkedAlarm[]: links alarms to the order and answers the linked ones. */
export const linkAlarms = postCall<AlarmLink, LinkedAlarm[]>('/work/abnormalAssociation');

export function useLinkAlarms() {
  return useApiMutation(linkAlarms, { invalidate: [workKeys.orders] });
}
