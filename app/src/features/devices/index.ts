/** The public entry of features/devices: what other features and the app may use. */
export { useDeviceOptions } from './api/get-devices';
export { getTags } from './api/get-tags';
export type { DeviceRow, TagKind, TagRow } from './types';
