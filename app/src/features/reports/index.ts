/** The public entry of features/reports: what other features and the app may use. */
export { useIncidents } from './api/get-incidents';
export { IngestionPanel } from './components/ingestion-panel';
export type { Incident } from './types';
