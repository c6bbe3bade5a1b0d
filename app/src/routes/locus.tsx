import { lazy, Suspense } from 'react';

import { Skeleton } from '@/components/ui/states';
import { useHydrated } from '@/lib/local-store';

const TracksView = lazy(() => import('@/features/tracks/lazy/tracks-view'));

/** /locus, tracks and mileage: loaded in the browser only (the server renders the frame and a placeholder). */
export function LocusRoute() {
  const hydrated = useHydrated();
  const fallback = <Skeleton className="p-6" />;
  return hydrated ? (
    <Suspense fallback={fallback}>
      <TracksView />
    </Suspense>
  ) : (
    fallback
  );
}
