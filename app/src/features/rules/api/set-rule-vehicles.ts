import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Rule } from '../types';
import { rulesKeys } from './keys';

/** POST /api/rule/cars_sets {id, vehicleIds}: replaces the rule's vehicles (ones the enterprise sees) → the rule. */
export const setRuleVehicles = postCall<{ id: number; vehicleIds: number[] }, Rule>('/rule/cars_sets');

export function useSetRuleVehicles() {
  return useApiMutation(setRuleVehicles, { invalidate: [rulesKeys.rules] });
}
