import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { MqttRuleInput } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/routes/save → {id}: adds (no id) or edits a route; it applies at once. */
export const saveMqttRoute = postCall<MqttRuleInput, { id: number }>('/mqtt/routes/save');

export function useSaveMqttRoute() {
  return useApiMutation(saveMqttRoute, { invalidate: [mqttKeys.routes, mqttKeys.overview] });
}
