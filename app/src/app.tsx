/**
 * The React tree shared by both entries. The router is supplied by the entry: <StaticRouter> in QuickJS,
 * <BrowserRouter> in the browser.
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useRef } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';

import { SiteLayout } from './components/layout/site-layout';
import { AppProvider, useApp } from './lib/app-context';
import { paths } from './lib/paths';
import { resolveRoute } from './lib/routes';
import { applyHead, resolveMeta } from './lib/seo';
import type { RenderInput } from './lib/state';
import { AboutRoute } from './routes/about';
import { LoginRoute } from './routes/login';
import { MapRoute } from './routes/map';
import { NotFoundRoute } from './routes/not-found';
import { SolutionRoute } from './routes/solution';

export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={paths.map} replace />} />
      <Route path={paths.map} element={<MapRoute />} />
      <Route path={paths.login} element={<LoginRoute />} />
      <Route element={<SiteLayout />}>
        <Route path={paths.solution} element={<SolutionRoute />} />
        <Route path={paths.about} element={<AboutRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}

/** Keeps the document title and meta tags in step with client-side navigation and language changes. */
function HeadSync() {
  const { pathname } = useLocation();
  const { brand, origin, lang } = useApp();
  const { i18n } = useTranslation();
  useEffect(() => {
    const resolved = resolveRoute(pathname);
    if (resolved.kind !== 'page') return;
    applyHead(document, resolveMeta(resolved.route, { i18n, brand, origin, pathname }));
  }, [pathname, brand, origin, lang, i18n]);
  return null;
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
  /** Browser only: called once the first commit (hydration) is done. */
  onReady?: () => void;
}

export function App({ input, i18n, onReady }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppProvider input={input}>
        <HeadSync />
        <ScrollRestoration />
        <AppRoutes />
        {onReady ? <OnMount run={onReady} /> : null}
      </AppProvider>
    </I18nextProvider>
  );
}
