import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { mqttKeys } from './keys';

/** POST /api/mqtt/routes/delete → {}: deletes a route. */
export const deleteMqttRoute = postCall<{ id: number }, Record<string, never>>('/mqtt/routes/delete');

export function useDeleteMqttRoute() {
  return useApiMutation(deleteMqttRoute, { invalidate: [mqttKeys.routes, mqttKeys.overview] });
}
