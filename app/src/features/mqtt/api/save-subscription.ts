import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { MqttRuleInput } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/subscriptions/save → {id}: adds (no id) or edits a subscription; it applies at once. */
export const saveMqttSubscription = postCall<MqttRuleInput, { id: number }>('/mqtt/subscriptions/save');

export function useSaveMqttSubscription() {
  return useApiMutation(saveMqttSubscription, { invalidate: [mqttKeys.subscriptions, mqttKeys.overview] });
}
