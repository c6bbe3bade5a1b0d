import { postCall, useCallQuery } from '@/lib/calls';
import type { DepthLines } from '@/lib/api-types';
import { stockKeys } from './keys';

/** POST /tapi/tyre/deepLines {vehicleId} → the tread depths per wheel: the latest and the history. */
export const getDepthLines = postCall<{ vehicleId: number }, DepthLines>('/tyre/deepLines', { base: '/tapi' });

export function useDepthLines(vehicleId: number | null) {
  return useCallQuery(stockKeys.depths, getDepthLines, { vehicleId: vehicleId ?? 0 }, vehicleId !== null);
}
