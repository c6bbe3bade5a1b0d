import { postCall, useCallQuery } from '@/lib/calls';
import type { FunctionInfo, FunctionQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/workSetting/fun_search → FunctionInfo[]: what a node may ask for (photo, signature, parts, …) in both languages. */
export const getFunctions = postCall<FunctionQuery, FunctionInfo[]>('/workSetting/fun_search');

export function useFunctions(payload: FunctionQuery) {
  return useCallQuery([...workKeys.flows, 'get-functions'], getFunctions, payload);
}
