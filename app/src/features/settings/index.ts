/** The public entry of features/settings: what other features and the app may use. */
export { SettingsDrawer } from './settings-drawer';
export { ACTIVE_COLORS, DARK_SIDE_COLOR, DEFAULT_BASE_COLOR, isDarkSide, useConsoleSettings } from './settings-store';
export type { SideMode } from './settings-store';
export { PRESSURE_LABELS, PRESSURE_UNITS, TEMP_LABELS, TEMP_UNITS, convertPressure, convertTemp, formatPressure, formatTemp, useUnits } from './units';
export type { PressureUnit, TempUnit, UnitSettings } from './units';
