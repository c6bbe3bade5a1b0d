/** Query-key roots of the track area's calls. A POI or route change refreshes every list and map showing them. */
export const placesKeys = {
  pois: ['places', 'pois'] as const,
  routes: ['places', 'routes'] as const,
  fragmentRuns: ['places', 'fragment-runs'] as const,
};
