import { useQuery } from '@tanstack/react-query';

import { listCall } from '@/lib/calls';
import type { MqttRuleRow } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/subscriptions → MqttRuleRow[]: the subscriptions with how many messages each holds. */
export const getMqttSubscriptions = listCall<Record<string, never>, MqttRuleRow>('/mqtt/subscriptions');

export function useMqttSubscriptions() {
  return useQuery({ queryKey: [...mqttKeys.subscriptions, 'all', {}], queryFn: ({ signal }) => getMqttSubscriptions({}, signal) });
}
