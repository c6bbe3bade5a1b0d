/**
 * The root layout of the console (console-spec §2 "Inside a root layout shell at /"): the shell around the map, the
 * fixed console routes and every menu route, with history tabs and keep-alive views (React <Activity>: a hidden
 * view keeps its state). Unknown paths get the public 404 frame instead of the shell.
 */
import { Activity, Component, Suspense, createElement, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { ModuleUnavailable } from '@/components/layout/module-unavailable';
import { NotFoundView } from '@/components/layout/not-found-view';
import { SiteFrame } from '@/components/layout/site-layout';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { optionalT } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import type { GuardResult } from '@/features/auth';
import { MenuRouteContext } from '@/lib/console/menu-route-context';
import { menuTitle, type MenuMatch } from '@/lib/console/menu-routes';
import { viewFor } from '../registry';
import { useSession } from '@/lib/console/session-context';
import { closeTab, tabKey, visitTab, type ConsoleTab } from '../tabs';
import { ConsoleShell } from './console-shell';
import { useGuardResult } from './route-guard';
import { TabBar } from './tab-bar';

class ViewErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[wheelend] view failed', error, info.componentStack);
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          onRetry={() => {
            window.location.reload();
          }}
        />
      );
    }
    return this.props.children;
  }
}

const viewFallback = <Skeleton className="p-6" />;

/** A menu route's view (lazily loaded), or the 'not available yet' notice for keys without one. */
function MenuViewHost({ match }: { match: MenuMatch }) {
  const { lang } = useApp();
  const View = viewFor(match.route.component);
  const props = { route: match.route, params: match.params };
  return (
    <MenuRouteContext value={props}>
      {View ? (
        <ViewErrorBoundary>
          <Suspense fallback={viewFallback}>{createElement(View, props)}</Suspense>
        </ViewErrorBoundary>
      ) : (
        <ModuleUnavailable title={menuTitle(match.route, lang)} componentKey={match.route.component} />
      )}
    </MenuRouteContext>
  );
}

function tabFor(result: GuardResult, pathname: string, search: string): ConsoleTab | null {
  const key = tabKey(pathname);
  const path = `${pathname}${search}`;
  if (result.kind === 'menu') {
    const r = result.match.route;
    return { key, path, name: r.name, title: r.title, metaId: null, closeTab: r.closeTab, keepAlive: r.keepAlive, pinned: false, match: result.match };
  }
  if (result.kind === 'fixed') {
    const r = result.route;
    return { key, path, name: r.name, title: null, metaId: r.metaId, closeTab: false, keepAlive: false, pinned: r.name === 'map', match: null };
  }
  return null;
}

const MAP_TAB: ConsoleTab = { key: '/map', path: paths.map, name: 'map', title: null, metaId: 'map', closeTab: false, keepAlive: false, pinned: true, match: null };

export function ConsoleRoot() {
  const result = useGuardResult();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { lang } = useApp();
  const { t, i18n } = useTranslation(['console', 'map', 'common']);
  const current = tabFor(result, pathname, search);
  const { enterpriseId } = useSession();
  const [saved, setSaved] = useState<{ tabs: ConsoleTab[]; seen: string | null; enterpriseId: number | null }>({ tabs: [MAP_TAB], seen: null, enterpriseId });
  // another enterprise: its menu (routes, buttons) differs, so the tabs and the views kept alive start again
  if (saved.enterpriseId !== enterpriseId) {
    setSaved({ tabs: [MAP_TAB], seen: null, enterpriseId });
  }
  // remember the visit (adjusting state while rendering: no effect, no extra paint)
  const seen = current ? `${current.key}|${current.path}|${String(current.match?.route.keepAlive)}` : null;
  if (current && saved.seen !== seen) {
    setSaved((s) => ({ ...s, tabs: visitTab(s.tabs, current), seen }));
  }
  const tabs = current ? visitTab(saved.tabs, current) : saved.tabs;

  if (result.kind === 'notFound') {
    return (
      <SiteFrame>
        <NotFoundView />
      </SiteFrame>
    );
  }

  const titleOf = (tab: ConsoleTab): string => {
    if (tab.title) return lang === 'en' ? tab.title.en : tab.title.zh;
    if (tab.metaId === 'map') return t('map:heading');
    return optionalT(i18n, `common:meta.${tab.metaId ?? ''}.title`) ?? t('common:meta.default.title');
  };
  const title = current ? titleOf(current) : '';
  const onClose = (key: string) => {
    const { tabs: next, goTo } = closeTab(tabs, key, current?.key ?? null);
    setSaved({ tabs: next, seen, enterpriseId });
    if (goTo) void navigate(goTo);
  };

  const keepAlive = tabs.filter((tab) => tab.keepAlive && tab.match !== null);
  const currentIsKept = current !== null && keepAlive.some((tab) => tab.key === current.key);

  return (
    <ConsoleShell
      title={title}
      fill={result.kind === 'fixed' && result.route.name === 'map'}
      tabs={<TabBar tabs={tabs} currentKey={current?.key ?? null} titleOf={titleOf} onClose={onClose} />}
    >
      {keepAlive.map((tab) =>
        tab.match ? (
          <Activity key={tab.key} mode={tab.key === current?.key ? 'visible' : 'hidden'}>
            <MenuViewHost match={tab.match} />
          </Activity>
        ) : null,
      )}
      {result.kind === 'menu' && !currentIsKept ? <MenuViewHost key={current?.key} match={result.match} /> : null}
      {result.kind === 'fixed' ? (
        result.route.unavailable ? (
          <ModuleUnavailable title={title} />
        ) : (
          <Outlet />
        )
      ) : null}
      {result.kind === 'pending' ? <div data-testid="console-pending">{viewFallback}</div> : null}
    </ConsoleShell>
  );
}
