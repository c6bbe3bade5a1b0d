import { useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { MqttMessage } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/messages → MqttMessage[]: a subscription's recent messages (at most 100), newest first. */
export const getMqttMessages = postCall<{ subscriptionId: number }, MqttMessage[]>('/mqtt/messages');

/** The messages of one subscription, read again every 3 s while shown. */
export function useMqttMessages(subscriptionId: number | null) {
  return useQuery({
    queryKey: [...mqttKeys.messages, subscriptionId],
    queryFn: ({ signal }) => getMqttMessages({ subscriptionId: subscriptionId ?? 0 }, signal),
    enabled: subscriptionId !== null,
    refetchInterval: 3000,
  });
}
