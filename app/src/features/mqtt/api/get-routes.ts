import { useQuery } from '@tanstack/react-query';

import { listCall } from '@/lib/calls';
import type { MqttRuleRow } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/routes → MqttRuleRow[]: the routes with their forward counts. */
export const getMqttRoutes = listCall<Record<string, never>, MqttRuleRow>('/mqtt/routes');

export function useMqttRoutes() {
  return useQuery({ queryKey: [...mqttKeys.routes, 'all', {}], queryFn: ({ signal }) => getMqttRoutes({}, signal) });
}
