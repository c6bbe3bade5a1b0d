/** The public entry of features/catalogue: what other features may use (the views are reached by import()). */
export { useTyreBrands } from './api/get-tyre-brands';
export { useTyres } from './api/get-tyres';
export type { Tyre, TyreBrand } from './types';
