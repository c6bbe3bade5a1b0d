import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Channel, Rule } from '../types';
import { rulesKeys } from './keys';

export interface RulePayload {
  /** Absent: a new rule. */
  id?: number;
  name: string;
  kinds: number[];
  minLevel: number;
  channels: Channel[];
  allVehicles: boolean;
  enabled: boolean;
  quietFrom: string | null;
  quietTo: string | null;
}

/** POST /api/rule/update: creates (no id) or changes a rule → the saved rule. */
export const saveRule = postCall<RulePayload, Rule>('/rule/update');

export function useSaveRule() {
  return useApiMutation(saveRule, { invalidate: [rulesKeys.rules] });
}
