/** The public entry of features/reports: what other features and the app may use. */
export { IngestionPanel } from './components/ingestion-panel';
