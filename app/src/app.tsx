/**
 * The React tree shared by both entries. The router is supplied by the entry: <StaticRouter> in QuickJS,
 * <BrowserRouter> in the browser; so is the query client (a throwaway one on the server, where nothing is fetched).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';

import { SiteLayout } from '@/components/layout/site-layout';
import { FeedbackHost } from '@/components/ui/feedback-host';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { LoginDialog } from '@/features/auth';
import { ConsoleRoot, RouteGuard } from '@/features/console';
import { SessionProvider } from '@/lib/console/session-context';
import { AppProvider } from '@/lib/app-context';
import { paths, patterns } from '@/lib/paths';
import type { RenderInput } from '@/lib/state';
import { AboutRoute } from '@/routes/about';
import { LoginRoute } from '@/routes/login';
import { MapRoute } from '@/routes/map';
import { MessageInfoRoute } from '@/routes/message-info';
import { NotFoundRoute } from '@/routes/not-found';
import { PermissionSettingRoute } from '@/routes/permission-setting';
import { QrLoginRoute } from '@/routes/qr-login';
import { RegisterRoute } from '@/routes/register';
import { ReloadRoute } from '@/routes/reload';
import { SolutionRoute } from '@/routes/solution';
import { UnavailableRoute } from '@/routes/unavailable';

export function AppRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route index element={<Navigate to={paths.map} replace />} />
        <Route path={paths.supertag} element={<Navigate to={paths.workspaceHome} replace />} />
        <Route path={paths.workspace} element={<Navigate to={paths.workspaceHome} replace />} />
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.qrLogin} element={<QrLoginRoute />} />
        <Route path={patterns.register} element={<RegisterRoute />} />
        <Route element={<SiteLayout />}>
          <Route path={paths.solution} element={<SolutionRoute />} />
          <Route path={paths.about} element={<AboutRoute />} />
          <Route path={paths.notFound} element={<NotFoundRoute />} />
          <Route path={patterns.messageInfo} element={<MessageInfoRoute />} />
          {[paths.install, paths.cancellation, paths.truck, paths.saloon, patterns.discussionsInfo].map((p) => (
            <Route key={p} path={p} element={<UnavailableRoute />} />
          ))}
        </Route>
        <Route element={<ConsoleRoot />}>
          <Route path={paths.map} element={<MapRoute />} />
          <Route path={paths.permissionSetting} element={<PermissionSettingRoute />} />
          <Route path={paths.reload} element={<ReloadRoute />} />
          {/* locus, workspace, dashboard, article: ConsoleRoot shows the 'not available yet' notice */}
          {[paths.locus, paths.workspaceHome, paths.workspaceSchema, paths.dashboard, patterns.article].map((p) => (
            <Route key={p} path={p} element={null} />
          ))}
          {/* menu routes and unknown paths: ConsoleRoot resolves them against the server's menu */}
          <Route path="*" element={null} />
        </Route>
      </Routes>
    </RouteGuard>
  );
}

/** After client-side navigation: scrolls to the #hash target, else to the top. The first load is left to the browser. */
function ScrollRestoration() {
  const { pathname, hash } = useLocation();
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

function OnMount({ run }: { run: () => void }) {
  useEffect(() => {
    run();
  }, [run]);
  return null;
}

interface AppProps {
  input: RenderInput;
  i18n: I18n;
  queryClient: QueryClient;
  /** Browser only: called once the first commit (hydration) is done. */
  onReady?: () => void;
}

export function App({ input, i18n, queryClient, onReady }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppProvider input={input}>
          <SessionProvider>
            <ScrollRestoration />
            <AppRoutes />
            <LoginDialog />
            <FeedbackHost />
            <LoadingOverlay />
            {onReady ? <OnMount run={onReady} /> : null}
          </SessionProvider>
        </AppProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
