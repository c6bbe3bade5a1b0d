import { listCall } from '@/lib/calls';
import type { CarClass } from '../types';

export interface CarClassParams {
  keyword?: string;
}

/** POST /api/web/carType/carClass {keyword?} → every vehicle class (kind, axle layout, image; the whole list). */
export const getCarClasses = listCall<CarClassParams, CarClass>('/web/carType/carClass');
