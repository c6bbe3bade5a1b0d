/** The public entry of features/places: what other features and the app may use (the live map's POI layer). */
export { usePoisInView } from './api/get-pois-in-view';
export { PoiCard } from './components/poi-card';
export { PoiLegend } from './components/poi-legend';
export { PoiTypeToggles } from './components/poi-type-toggles';
export { poiIdOf, poiShapes } from './model';
export type { PoiRow, PoiType } from './types';
