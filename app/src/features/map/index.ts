/** The public entry of features/map: what other features and the app may use. */
export { MapPage } from './components/map-page';
