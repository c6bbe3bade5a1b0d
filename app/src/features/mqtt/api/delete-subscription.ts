import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { mqttKeys } from './keys';

/** POST /api/mqtt/subscriptions/delete → {}: deletes a subscription and its buffered messages. */
export const deleteMqttSubscription = postCall<{ id: number }, Record<string, never>>('/mqtt/subscriptions/delete');

export function useDeleteMqttSubscription() {
  return useApiMutation(deleteMqttSubscription, { invalidate: [mqttKeys.subscriptions, mqttKeys.messages, mqttKeys.overview] });
}
