import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { placesKeys } from './keys';

/** POST /api/route/carAddLine → {assigned}: puts the vehicles on the route (a vehicle is on one route at most; 0 unassigns). */
export const assignRoute = postCall<{ routeId: number; vehicleIds: number[] }, { assigned: number }>('/route/carAddLine');

export function useAssignRoute() {
  return useApiMutation(assignRoute, { invalidate: [placesKeys.routes] });
}
