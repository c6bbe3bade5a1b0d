/** The public entry of features/work: what other features and the app may use. */
export { OpenOrderLink } from './components/open-order-link';
export { positionName } from './model';
export type { OrderPrefill } from './model';
