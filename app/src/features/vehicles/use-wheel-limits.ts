/** The limits a wheel is coloured by: the enterprise's alarm thresholds, or the server's defaults until they load. */
import { useAlarmThresholds } from '@/features/enterprise';
import { DEFAULT_WHEEL_LIMITS, type WheelLimits } from './wheel-state';

export function useWheelLimits(enterpriseId: number | null): WheelLimits {
  const general = useAlarmThresholds(enterpriseId).data?.general;
  return general ? { highPressure: general.highPressure, lowPressure: general.lowPressureWarning, highTemp: general.highTemperature } : DEFAULT_WHEEL_LIMITS;
}
