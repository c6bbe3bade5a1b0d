import { lazy } from 'react';

import { BrowserOnly } from './browser-only';

const PermissionSettingView = lazy(() => import('@/features/system/permission-setting/lazy/permission-setting-view'));

/** /permissionSetting: loaded in the browser only (the server renders the frame and a placeholder). */
export function PermissionSettingRoute() {
  return (
    <BrowserOnly>
      <PermissionSettingView />
    </BrowserOnly>
  );
}
