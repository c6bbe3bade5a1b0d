/** The public entry of features/work: what other features and the app may use. */
export { OpenOrderLink } from './components/open-order-link';
export { positionName } from './prefill';
export type { OrderPrefill } from './prefill';
export { stateTone } from './model';
