import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { PoiInput } from '../types';
import { placesKeys } from './keys';

/** POST /api/poi/add → {id}: creates, or with `id` updates (refused: a self-crossing polygon, a radius out of 1–100000 m). */
export const savePoi = postCall<PoiInput, { id: number }>('/poi/add');

export function useSavePoi() {
  return useApiMutation(savePoi, { invalidate: [placesKeys.pois] });
}
