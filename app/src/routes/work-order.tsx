import { lazy } from 'react';
import { useParams } from 'react-router';

import { BrowserOnly } from './browser-only';

const WorkOrderDetailView = lazy(() => import('@/features/work/lazy/work-order-detail-view'));

/** /wf/:id: a work order outside the menu; loaded in the browser only (the server renders the frame and a placeholder). */
export function WorkOrderRoute() {
  const { id = '' } = useParams();
  return (
    <BrowserOnly>
      <WorkOrderDetailView params={{ id }} />
    </BrowserOnly>
  );
}
