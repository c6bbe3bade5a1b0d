import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { mqttKeys } from './keys';

/** POST /api/mqtt/clients/delete → {}: forgets a device's entry (the device stays connected). */
export const deleteMqttClient = postCall<{ imei: string }, Record<string, never>>('/mqtt/clients/delete');

export function useDeleteMqttClient() {
  return useApiMutation(deleteMqttClient, { invalidate: [mqttKeys.clients, mqttKeys.overview] });
}
