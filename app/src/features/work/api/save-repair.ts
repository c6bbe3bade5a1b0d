import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { RepairInput, RepairRecord } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/maintain → RepairRecord: the repair record (work per wheel, parts and labour lines); the server computes the amounts. */
export const saveRepair = postCall<RepairInput, RepairRecord>('/work/maintain');

export function useSaveRepair() {
  return useApiMutation(saveRepair, { invalidate: [workKeys.orders] });
}
