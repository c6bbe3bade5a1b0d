import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { postCall } from '@/lib/calls';
import type { AreaCell, AreaRequest } from '@/lib/api-types';
import { dashboardKey } from './keys';

/**
 * POST /api/dataReport/areal_distribution {cell?} → where the fleet is now: the vehicles in scope by map cell of their
 * last position (from the live fleet, not the roll-ups), most vehicles first.
 */
export const getAreaCells = postCall<AreaRequest, AreaCell[]>('/dataReport/areal_distribution', { noSupersede: true });

/** The cells of `cell` degrees; while another size loads, the cells of the one before stay (with their size). */
export function useAreaCells(cell: number) {
  return useQuery({
    queryKey: [...dashboardKey, 'areas', cell],
    queryFn: async ({ signal }) => ({ cell, cells: await getAreaCells({ cell }, signal) }),
    placeholderData: keepPreviousData,
  });
}
