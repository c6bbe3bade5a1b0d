import { pageCall } from '@/lib/calls';
import type { VehicleFigures, VehiclePeriodRequest } from '@/lib/api-types';
import { dashboardKey } from './keys';

export type VehicleFiguresParams = Omit<VehiclePeriodRequest, 'page' | 'pageSize'>;

/** POST /api/dataReport/ship_list → a page of vehicles with their figures over the period, sorted by `sort`. */
export const getVehicleFigures = pageCall<VehicleFiguresParams, VehicleFigures>('/dataReport/ship_list', { noSupersede: true });

export const vehicleFiguresKey = [...dashboardKey, 'vehicles'] as const;
