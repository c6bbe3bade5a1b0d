/**
 * The console's React tree, hydrated by the `console` bundle (docs/ssr-contract.md): every route, the public pages
 * included (so the console reaches them without a reload), with the signed-in session, the query client (a throwaway
 * one on the server, where nothing is fetched) and the login dialog.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';

import { AppShell, type AppProps } from '@/app-shell';
import { SiteLayout } from '@/components/layout/site-layout';
import { LoginDialog } from '@/features/auth';
import { ConsoleRoot, RouteGuard } from '@/features/console';
import { SessionProvider } from '@/lib/console/session-context';
import { paths, patterns } from '@/lib/paths';
import { SITE_PAGES } from '@/site-app';
import { DashboardRoute } from '@/routes/dashboard';
import { LocusRoute } from '@/routes/locus';
import { LoginRoute } from '@/routes/login';
import { MapRoute } from '@/routes/map';
import { PermissionSettingRoute } from '@/routes/permission-setting';
import { QrLoginRoute } from '@/routes/qr-login';
import { RegisterRoute } from '@/routes/register';
import { ReloadRoute } from '@/routes/reload';
import { WorkOrderRoute } from '@/routes/work-order';
import { WorkspaceHomeRoute, WorkspaceSchemaRoute } from '@/routes/workspace';

function ConsoleRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route index element={<Navigate to={paths.map} replace />} />
        <Route path={paths.supertag} element={<Navigate to={paths.workspaceHome} replace />} />
        <Route path={paths.workspace} element={<Navigate to={paths.workspaceHome} replace />} />
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.qrLogin} element={<QrLoginRoute />} />
        <Route path={patterns.register} element={<RegisterRoute />} />
        <Route element={<SiteLayout />}>{SITE_PAGES}</Route>
        <Route element={<ConsoleRoot />}>
          <Route path={paths.map} element={<MapRoute />} />
          <Route path={paths.permissionSetting} element={<PermissionSettingRoute />} />
          <Route path={paths.locus} element={<LocusRoute />} />
          <Route path={paths.dashboard} element={<DashboardRoute />} />
          <Route path={paths.reload} element={<ReloadRoute />} />
          <Route path={patterns.workOrder} element={<WorkOrderRoute />} />
          <Route path={paths.workspaceHome} element={<WorkspaceHomeRoute />} />
          <Route path={paths.workspaceSchema} element={<WorkspaceSchemaRoute />} />
          {/* menu routes and unknown paths: ConsoleRoot resolves them against the server's menu */}
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </RouteGuard>
  );
}

export function ConsoleApp({ queryClient, ...props }: AppProps & { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell {...props} bundle="console">
        <SessionProvider>
          <ConsoleRoutes />
          <LoginDialog />
        </SessionProvider>
      </AppShell>
    </QueryClientProvider>
  );
}
