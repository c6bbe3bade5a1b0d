/**
 * The route guard in the browser (console-spec §2): one decision per location from features/auth/guard.ts, applied
 * above the route table. It also runs the automatic visitor sign-in and keeps the document head in step.
 */
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';

import { useApp } from '@/lib/app-context';
import { useHydrated } from '@/lib/local-store';
import { CONSOLE_ROUTE, NOT_FOUND_ROUTE } from '@/lib/routes';
import { applyHead, resolveMeta } from '@/lib/seo';
import { storeSession, useLeaving } from '@/lib/session';
import { guard, type GuardResult, isLoginData, visitorLogin } from '@/features/auth';
import { sharePageMeta } from '@/features/share';
import { menuTitle } from '@/lib/console/menu-routes';
import { useSession } from '@/lib/console/session-context';

const GuardContext = createContext<GuardResult>({ kind: 'pending' });

export function useGuardResult(): GuardResult {
  return use(GuardContext);
}

let visitorInFlight: Promise<void> | null = null;

/** POST /base/login {type:'visitorLogin'}; one at a time. */
function runVisitorLogin(): Promise<void> {
  visitorInFlight ??= (async () => {
    const answer = await visitorLogin();
    if (typeof answer !== 'string' && answer.code === 0 && isLoginData(answer.data)) {
      storeSession(answer.data.token, { ...answer.data.user, visitor: true });
    }
  })().finally(() => {
    visitorInFlight = null;
  });
  return visitorInFlight;
}

function VisitorLogin({ result }: { result: GuardResult }) {
  const hydrated = useHydrated();
  const { hasToken, loginDialogOpen } = useSession();
  const needed = hydrated && !hasToken && !loginDialogOpen && result.kind === 'fixed' && result.visitorLogin;
  useEffect(() => {
    if (needed) void runVisitorLogin();
  }, [needed]);
  return null;
}

/** Title, description and the rest of the head after client-side navigation, language changes and menu loads. */
function HeadSync({ result }: { result: GuardResult }) {
  const { pathname } = useLocation();
  const { brand, origin, lang, data } = useApp();
  const { i18n } = useTranslation();
  useEffect(() => {
    const ctx = { i18n, brand, origin, pathname };
    let meta;
    if (result.kind === 'fixed') {
      const { route, override } = sharePageMeta(result.route, data, i18n);
      meta = resolveMeta(route, ctx, override);
    } else if (result.kind === 'menu') meta = resolveMeta(CONSOLE_ROUTE, ctx, { title: menuTitle(result.match.route, lang) });
    else if (result.kind === 'notFound') meta = resolveMeta(NOT_FOUND_ROUTE, ctx);
    else if (result.kind === 'pending') meta = resolveMeta(CONSOLE_ROUTE, ctx);
    if (meta) applyHead(document, meta);
  }, [result, pathname, brand, origin, lang, i18n, data]);
  return null;
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const session = useSession();
  const leaving = useLeaving();
  const result = useMemo(
    () =>
      guard({
        pathname,
        search,
        // while the login dialog is up, the page stays where it is (the user signs in again over it)
        hasToken: session.hasToken || session.loginDialogOpen,
        visitor: session.visitor,
        menus: session.menus,
      }),
    [pathname, search, session.hasToken, session.loginDialogOpen, session.visitor, session.menus],
  );
  if (result.kind === 'redirect' && !leaving) return <Navigate to={result.to} replace />;
  return (
    <GuardContext value={result}>
      <VisitorLogin result={result} />
      <HeadSync result={result} />
      {children}
    </GuardContext>
  );
}
