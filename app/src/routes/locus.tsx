import { lazy } from 'react';

import { BrowserOnly } from './browser-only';

const TracksView = lazy(() => import('@/features/tracks/lazy/tracks-view'));

/** /locus, tracks and mileage: loaded in the browser only (the server renders the frame and a placeholder). */
export function LocusRoute() {
  return (
    <BrowserOnly>
      <TracksView />
    </BrowserOnly>
  );
}
