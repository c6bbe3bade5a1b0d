/**
 * The route guard in the browser (console-spec §2): one decision per location from features/auth/guard.ts, applied
 * above the route table. It also runs the automatic visitor sign-in and keeps the document head in step.
 */
import { createContext, use, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useLeaving } from '@/lib/session';
import { guard, type GuardResult } from '@/features/auth';
import { HeadSync, VisitorLogin } from '@/features/site';
import { useSession } from '@/lib/console/session-context';

const GuardContext = createContext<GuardResult>({ kind: 'pending' });

export function useGuardResult(): GuardResult {
  return use(GuardContext);
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
