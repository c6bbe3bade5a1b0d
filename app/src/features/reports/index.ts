/** The public entry of features/reports: what other features and the app may use. */
export { incidentsKey, useIncidents } from './api/get-incidents';
export { useSubmitAlarm, type AlarmAction } from './api/submit-alarm';
export { IngestionPanel } from './components/ingestion-panel';
export type { Incident } from './types';
