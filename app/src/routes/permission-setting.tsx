import { lazy, Suspense } from 'react';

import { Skeleton } from '@/components/ui/states';
import { useHydrated } from '@/lib/local-store';

const PermissionSettingView = lazy(() => import('@/features/system/permission-setting/lazy/permission-setting-view'));

/** /permissionSetting: loaded in the browser only (the server renders the frame and a placeholder). */
export function PermissionSettingRoute() {
  const hydrated = useHydrated();
  const fallback = <Skeleton className="p-6" />;
  return hydrated ? (
    <Suspense fallback={fallback}>
      <PermissionSettingView />
    </Suspense>
  ) : (
    fallback
  );
}
