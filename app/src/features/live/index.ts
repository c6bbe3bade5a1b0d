/** The public entry of features/live: what other features and the app may use. */
export { alarmWheelName } from './alarm-wheel';
export { AlarmWheelLabel } from './alarm-wheel-label';
export { listenLive } from './live-hub';
export type { Message } from './message';
export { socketUrl } from './live-socket';
export type { LiveStatus } from './live-socket';
export { ALARM_KINDS, alarmKindKey } from './protocol';
export type { LiveAlarm, WorkEvent } from './protocol';
export { useLiveFleet } from './use-live-fleet';
export { useVehicleUpdates, type VehicleUpdates } from './use-vehicle-updates';
