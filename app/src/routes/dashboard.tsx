import { lazy } from 'react';

import { BrowserOnly } from './browser-only';

const DashboardView = lazy(() => import('@/features/dashboard/lazy/dashboard-view'));

/** /dashboard, the fleet's reports and boards: loaded in the browser only (the server renders the frame and a placeholder). */
export function DashboardRoute() {
  return (
    <BrowserOnly>
      <DashboardView />
    </BrowserOnly>
  );
}
