import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { vehiclesKey } from './keys';

/** POST /api/web/car/exchangeTrailer {carId, otherCarId}: two tractors swap their trailers. */
export const exchangeTrailer = postCall<{ carId: number; otherCarId: number }>('/web/car/exchangeTrailer');

export function useExchangeTrailer() {
  return useApiMutation(exchangeTrailer, { invalidate: [vehiclesKey] });
}
