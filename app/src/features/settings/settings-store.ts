/**
 * Console appearance settings (console-spec §3 sideMode / activeColor / baseColor, §9 colours), kept in
 * localStorage and, from the profile page, on the user (PUT /api/user/setUserInfo).
 */
import { useCallback } from 'react';

import { createLocalStore, useLocalStore } from '@/lib/local-store';
import type { SessionUser } from '@/lib/state';

/** 'dark', 'light', or a colour for the side menu background (`#rrggbb`). */
export type SideMode = 'dark' | 'light' | `#${string}`;

export const DEFAULT_ACTIVE_COLOR = '#4D70FF';
export const DARK_SIDE_COLOR = '#191a23';
export const DEFAULT_SIDE_MODE: SideMode = 'dark';
/** The side menu's text colour on dark and coloured backgrounds. */
export const DEFAULT_BASE_COLOR = '#ffffff';

export const ACTIVE_COLORS = [
  { id: 'blue', value: DEFAULT_ACTIVE_COLOR },
  { id: 'sky', value: '#0EA5E9' },
  { id: 'green', value: '#10B981' },
  { id: 'amber', value: '#D97706' },
  { id: 'red', value: '#E5484D' },
  { id: 'violet', value: '#7C5CFA' },
] as const;

const sideModeStore = createLocalStore('sideMode');
const activeColorStore = createLocalStore('activeColor');
const baseColorStore = createLocalStore('baseColor');

export function parseColor(value: unknown): string | null {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : null;
}

export function parseSideMode(value: unknown): SideMode | null {
  if (value === 'dark' || value === 'light') return value;
  const c = parseColor(value);
  return c ? (c as SideMode) : null;
}

/** Whether the side menu is drawn light-on-dark (dark mode and every custom colour). */
export function isDarkSide(mode: SideMode): boolean {
  return mode !== 'light';
}

export interface ConsoleSettings {
  sideMode: SideMode;
  activeColor: string;
  baseColor: string;
  setSideMode: (mode: SideMode) => void;
  setActiveColor: (color: string) => void;
  setBaseColor: (color: string) => void;
  reset: () => void;
}

/** Stored value, else the user's saved preference, else the defaults. Server and hydration see the latter two only. */
export function useConsoleSettings(user: SessionUser | null): ConsoleSettings {
  const storedMode = parseSideMode(useLocalStore(sideModeStore));
  const storedColor = parseColor(useLocalStore(activeColorStore));
  const storedBase = parseColor(useLocalStore(baseColorStore));
  const setSideMode = useCallback((mode: SideMode) => {
    if (parseSideMode(mode)) sideModeStore.set(mode);
  }, []);
  const setActiveColor = useCallback((color: string) => {
    if (parseColor(color)) activeColorStore.set(color);
  }, []);
  const setBaseColor = useCallback((color: string) => {
    if (parseColor(color)) baseColorStore.set(color);
  }, []);
  const reset = useCallback(() => {
    sideModeStore.set(null);
    activeColorStore.set(null);
    baseColorStore.set(null);
  }, []);
  return {
    sideMode: storedMode ?? parseSideMode(user?.sideMode) ?? DEFAULT_SIDE_MODE,
    activeColor: storedColor ?? parseColor(user?.activeColor) ?? DEFAULT_ACTIVE_COLOR,
    baseColor: storedBase ?? parseColor(user?.baseColor) ?? DEFAULT_BASE_COLOR,
    setSideMode,
    setActiveColor,
    setBaseColor,
    reset,
  };
}
