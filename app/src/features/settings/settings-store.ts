/** Console appearance settings (console-spec §3 sideMode/activeColor, §9 colours), kept in localStorage. */
import { useCallback } from 'react';

import { createLocalStore, useLocalStore } from '../../lib/local-store';
import type { SessionUser } from '../../lib/state';

export type SideMode = 'dark' | 'light';

export const DEFAULT_ACTIVE_COLOR = '#4D70FF';
export const DARK_SIDE_COLOR = '#191a23';
export const DEFAULT_SIDE_MODE: SideMode = 'dark';

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

export function parseSideMode(value: unknown): SideMode | null {
  return value === 'dark' || value === 'light' ? value : null;
}

export function parseColor(value: unknown): string | null {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : null;
}

export interface ConsoleSettings {
  sideMode: SideMode;
  activeColor: string;
  setSideMode: (mode: SideMode) => void;
  setActiveColor: (color: string) => void;
  reset: () => void;
}

/** Stored value, else the user's saved preference, else the defaults. Server and hydration see the latter two only. */
export function useConsoleSettings(user: SessionUser | null): ConsoleSettings {
  const storedMode = parseSideMode(useLocalStore(sideModeStore));
  const storedColor = parseColor(useLocalStore(activeColorStore));
  const setSideMode = useCallback((mode: SideMode) => {
    sideModeStore.set(mode);
  }, []);
  const setActiveColor = useCallback((color: string) => {
    if (parseColor(color)) activeColorStore.set(color);
  }, []);
  const reset = useCallback(() => {
    sideModeStore.set(null);
    activeColorStore.set(null);
  }, []);
  return {
    sideMode: storedMode ?? parseSideMode(user?.sideMode) ?? DEFAULT_SIDE_MODE,
    activeColor: storedColor ?? parseColor(user?.activeColor) ?? DEFAULT_ACTIVE_COLOR,
    setSideMode,
    setActiveColor,
    reset,
  };
}
