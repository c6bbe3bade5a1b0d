import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { MqttPublished, MqttPublishRequest } from '@/lib/api-types';
import { mqttKeys } from './keys';

/** POST /api/mqtt/publish → MqttPublished: publishes a message through the broker (operation log). */
export const publishMqtt = postCall<MqttPublishRequest, MqttPublished>('/mqtt/publish');

export function usePublishMqtt() {
  return useApiMutation(publishMqtt, { invalidate: [mqttKeys.messages, mqttKeys.overview], success: null });
}
