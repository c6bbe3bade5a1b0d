/** The public entry of features/devices: what other features and the app may use. */
export { getTags } from './api/get-tags';
export type { TagKind, TagRow } from './types';
