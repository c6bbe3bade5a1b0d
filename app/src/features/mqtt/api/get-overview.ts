import { useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { MqttOverview } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/overview → MqttOverview: broker mode and address, counts since start, the last hour per minute. */
export const getMqttOverview = postCall<Record<string, never>, MqttOverview>('/mqtt/overview');

/** The overview, read again every 10 s while a view shows it. */
export function useMqttOverview() {
  return useQuery({
    queryKey: [...mqttKeys.overview],
    queryFn: ({ signal }) => getMqttOverview({}, signal),
    refetchInterval: 10_000,
  });
}
