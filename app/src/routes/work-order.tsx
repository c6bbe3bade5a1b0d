import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

import { Skeleton } from '@/components/ui/states';
import { useHydrated } from '@/lib/local-store';

const WorkOrderDetailView = lazy(() => import('@/features/work/lazy/work-order-detail-view'));

/** /wf/:id: a work order outside the menu; loaded in the browser only (the server renders the frame and a placeholder). */
export function WorkOrderRoute() {
  const hydrated = useHydrated();
  const { id = '' } = useParams();
  const fallback = <Skeleton className="p-6" />;
  return hydrated ? (
    <Suspense fallback={fallback}>
      <WorkOrderDetailView params={{ id }} />
    </Suspense>
  ) : (
    fallback
  );
}
