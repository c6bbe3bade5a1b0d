import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { RouteInput } from '../types';
import { placesKeys } from './keys';

/** POST /api/route/add → {id}: creates, or with `id` replaces name, corridor and nodes (at least two). */
export const saveRoute = postCall<RouteInput, { id: number }>('/route/add');

export function useSaveRoute() {
  return useApiMutation(saveRoute, { invalidate: [placesKeys.routes] });
}
