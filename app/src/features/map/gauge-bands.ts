/**
 * The dials of mapComponents/gaugeChart from the enterprise's alarm thresholds (bar, °C), in the user's units. Which
 * thresholds apply to a wheel follows ingestion (docs/live.md "Alarms"): steer = axle 1 of a motor vehicle, drive = its
 * other axles, trailer = every axle of a trailer; the general set when the enterprise has none for that position. Pure.
 */
import type { Thresholds } from '@/lib/api-types';
import { convertPressure, convertTemp, PRESSURE_LABELS, TEMP_LABELS, type PressureUnit, type TempUnit } from '@/features/settings';
import type { GaugeSpec } from './lazy/gauge';

export const BAND = { ok: '#16A34A', warn: '#F59E0B', bad: '#DC2626' } as const;

export type AxleKind = 'steer' | 'drive' | 'trailer';

export interface ThresholdSet {
  general: Thresholds;
  axles: readonly (Thresholds & { position: string })[];
}

export function axleKind(vehicleKind: number, axle: number): AxleKind {
  if (vehicleKind === 1) return 'trailer';
  return axle === 1 ? 'steer' : 'drive';
}

/** null without thresholds (they could not be read): the dials are drawn without bands. */
export function thresholdsFor(set: ThresholdSet | undefined, vehicleKind: number, axle: number): Thresholds | null {
  if (!set) return null;
  const kind = axleKind(vehicleKind, axle);
  return set.axles.find((a) => a.position === kind) ?? set.general;
}

const PLAIN = '#94A3B8';

const up = (n: number) => Math.ceil(n);

export function pressureGauge(bar: number | null, th: Thresholds | null, unit: PressureUnit): GaugeSpec {
  const maxBar = up(Math.max((th?.highPressure ?? 10) * 1.25, (bar ?? 0) * 1.1, 1));
  const p = (v: number) => convertPressure(v, unit);
  return {
    value: bar === null ? null : p(bar),
    min: 0,
    max: p(maxBar),
    bands: !th ? [{ to: p(maxBar), color: PLAIN }] : [
      { to: p(th.lowPressureCritical), color: BAND.bad },
      { to: p(th.lowPressureWarning), color: BAND.warn },
      { to: p(th.highPressure), color: BAND.ok },
      { to: p(maxBar), color: BAND.bad },
    ],
    unit: PRESSURE_LABELS[unit],
  };
}

export function tyreTempGauge(celsius: number | null, th: Thresholds | null, unit: TempUnit): GaugeSpec {
  const maxC = up(Math.max((th?.highTemperature ?? 85) * 1.4, (celsius ?? 0) + 10));
  const c = (v: number) => convertTemp(v, unit);
  return {
    value: celsius === null ? null : c(celsius),
    min: c(0),
    max: c(maxC),
    bands: !th ? [{ to: c(maxC), color: PLAIN }] : [
      { to: c(th.highTemperature), color: BAND.ok },
      { to: c(maxC), color: BAND.bad },
    ],
    unit: TEMP_LABELS[unit],
  };
}

/** Hub temperature: a warning above the limit, critical 20 °C above it (as ingestion raises it). */
export function hubTempGauge(celsius: number | null, th: Thresholds | null, unit: TempUnit): GaugeSpec {
  const maxC = up(Math.max((th?.axleHighTemperature ?? 100) + 60, (celsius ?? 0) + 10));
  const c = (v: number) => convertTemp(v, unit);
  return {
    value: celsius === null ? null : c(celsius),
    min: c(0),
    max: c(maxC),
    bands: !th ? [{ to: c(maxC), color: PLAIN }] : [
      { to: c(th.axleHighTemperature), color: BAND.ok },
      { to: c(th.axleHighTemperature + 20), color: BAND.warn },
      { to: c(maxC), color: BAND.bad },
    ],
    unit: TEMP_LABELS[unit],
  };
}
