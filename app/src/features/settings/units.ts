/**
 * Display units (console-spec §9): pressure stored in bar, shown as Bar (default), Psi (×14.5, whole) or Kpa (×100,
 * one decimal); temperature stored in °C, shown as °C (default) or °F (×9/5+32, rounded). The preference lives in
 * localStorage like the other console settings.
 */
import { useCallback } from 'react';

import { createLocalStore, useLocalStore } from '@/lib/local-store';

export type PressureUnit = 'bar' | 'psi' | 'kpa';
export type TempUnit = 'c' | 'f';

export const PRESSURE_UNITS: readonly PressureUnit[] = ['bar', 'psi', 'kpa'];
export const TEMP_UNITS: readonly TempUnit[] = ['c', 'f'];
export const PRESSURE_LABELS: Record<PressureUnit, string> = { bar: 'Bar', psi: 'Psi', kpa: 'Kpa' };
export const TEMP_LABELS: Record<TempUnit, string> = { c: '°C', f: '°F' };

export function parsePressureUnit(v: unknown): PressureUnit {
  return v === 'psi' || v === 'kpa' ? v : 'bar';
}

export function parseTempUnit(v: unknown): TempUnit {
  return v === 'f' ? 'f' : 'c';
}

/** bar → the unit's number (bar keeps two decimals). */
export function convertPressure(bar: number, unit: PressureUnit): number {
  switch (unit) {
    case 'psi':
      return Math.round(bar * 14.5);
    case 'kpa':
      return Math.round(bar * 1000) / 10;
    case 'bar':
      return Math.round(bar * 100) / 100;
  }
}

export function convertTemp(celsius: number, unit: TempUnit): number {
  return unit === 'f' ? Math.round((celsius * 9) / 5 + 32) : Math.round(celsius * 10) / 10;
}

/** `8.5` bar → `8.5 Bar` / `123 Psi` / `850.0 Kpa`; '' for no reading. */
export function formatPressure(bar: number | null | undefined, unit: PressureUnit): string {
  if (typeof bar !== 'number' || !Number.isFinite(bar)) return '';
  const v = convertPressure(bar, unit);
  return `${unit === 'kpa' ? v.toFixed(1) : String(v)} ${PRESSURE_LABELS[unit]}`;
}

export function formatTemp(celsius: number | null | undefined, unit: TempUnit): string {
  if (typeof celsius !== 'number' || !Number.isFinite(celsius)) return '';
  return `${String(convertTemp(celsius, unit))} ${TEMP_LABELS[unit]}`;
}

const pressureStore = createLocalStore('pressureUnit');
const tempStore = createLocalStore('tempUnit');

export interface UnitSettings {
  pressure: PressureUnit;
  temp: TempUnit;
  setPressure: (unit: PressureUnit) => void;
  setTemp: (unit: TempUnit) => void;
}

/** The user's units (server and hydration: the defaults). */
export function useUnits(): UnitSettings {
  const pressure = parsePressureUnit(useLocalStore(pressureStore));
  const temp = parseTempUnit(useLocalStore(tempStore));
  const setPressure = useCallback((unit: PressureUnit) => {
    pressureStore.set(unit);
  }, []);
  const setTemp = useCallback((unit: TempUnit) => {
    tempStore.set(unit);
  }, []);
  return { pressure, temp, setPressure, setTemp };
}
