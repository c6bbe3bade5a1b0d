/** The public entry of features/work: what other features and the app may use. */
export { useOrders } from './api/get-orders';
export { useOrderPath } from './components/order-columns';
export { OpenOrderLink } from './components/open-order-link';
export { orderPosition } from './prefill';
export type { OrderPrefill } from './prefill';
export { IN_PROGRESS, PENDING, stateTone } from './model';
export { OrderMapCard } from './components/order-map-card';
export { useOrderExports } from './components/order-exports';
export { useOrdersOnMap } from './components/use-orders-on-map';
export type { OrdersOnMap } from './components/use-orders-on-map';
