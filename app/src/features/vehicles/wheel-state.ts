/**
 * The state a wheel is drawn in (vehicle info's wheel diagram), from its reading and the enterprise's alarm
 * thresholds (bar, °C). Pure.
 */
import type { WheelReading } from './types';
import type { WheelLimits } from '@/lib/api-types';

export type WheelState = 'normal' | 'high' | 'low' | 'highTemp' | 'none' | 'lost';

export const WHEEL_STATES: readonly WheelState[] = ['normal', 'high', 'low', 'highTemp', 'none', 'lost'];

export const WHEEL_COLORS: Record<WheelState, { fill: string; stroke: string; text: string }> = {
  normal: { fill: '#DCFCE7', stroke: '#16A34A', text: '#14532D' },
  high: { fill: '#FEE2E2', stroke: '#DC2626', text: '#7F1D1D' },
  low: { fill: '#FEF3C7', stroke: '#D97706', text: '#78350F' },
  highTemp: { fill: '#FCE7F3', stroke: '#DB2777', text: '#831843' },
  none: { fill: '#F1F5F9', stroke: '#CBD5E1', text: '#64748B' },
  lost: { fill: '#E2E8F0', stroke: '#64748B', text: '#334155' },
};

export type { WheelLimits };

/** The server's default thresholds (settings.rs: drive axle, 8.5 bar nominal); the enterprise's own replace them. */
export const DEFAULT_WHEEL_LIMITS: WheelLimits = { highPressure: 10.2, lowPressure: 7.2, highTemp: 85 };

/** No sensor, then lost (no reading), then high temperature, high, low pressure, else normal. */
export function wheelState(w: Pick<WheelReading, 'sensorNo' | 'pressure' | 'temp'> | undefined, limits: WheelLimits = DEFAULT_WHEEL_LIMITS): WheelState {
  if (!w?.sensorNo) return 'none';
  if (w.pressure === null) return 'lost';
  if (w.temp !== null && w.temp >= limits.highTemp) return 'highTemp';
  if (w.pressure >= limits.highPressure) return 'high';
  if (w.pressure <= limits.lowPressure) return 'low';
  return 'normal';
}
