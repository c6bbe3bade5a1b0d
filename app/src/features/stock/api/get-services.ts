import type { ServiceCollect, ServiceListParams, ServiceRecord } from '../types';
import { collectPageCall } from './collect-call';

/** POST /api/web/service/serviceList {vehicleId?, keyword?, itemId?, from?, to?} → service records with their lines and `collect`. */
export const getServices = collectPageCall<ServiceListParams, ServiceRecord, ServiceCollect>('/web/service/serviceList');
