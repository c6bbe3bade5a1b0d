/**
 * The route guard of the public site's bundle (console-spec §2, features/auth/guard.ts): the same decision as in the
 * console, but whatever the site does not carry (a redirect, a console page) is loaded as a new document, where the
 * server renders it with the console's bundle.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { useApp } from '@/lib/app-context';
import { isVisitorUser, useHasToken, useLeaving } from '@/lib/session';
import { bundleFor, guard } from '@/features/auth';
import { HeadSync } from './head-sync';
import { VisitorLogin } from './visitor-login';

function LoadDocument({ url }: { url: string }) {
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return null;
}

export function SiteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { serverUser, user } = useApp();
  const hasToken = useHasToken(serverUser !== null);
  const leaving = useLeaving();
  const visitor = isVisitorUser(user);
  const result = useMemo(() => guard({ pathname, search, hasToken, visitor, menus: null }), [pathname, search, hasToken, visitor]);
  // after a sign-in the page is already on its way to the console: hold still until it leaves
  if (!leaving) {
    if (result.kind === 'redirect') return <LoadDocument url={result.to} />;
    if (bundleFor(result) !== 'site') return <LoadDocument url={`${pathname}${search}`} />;
  }
  return (
    <>
      <VisitorLogin result={result} />
      <HeadSync result={result} />
      {children}
    </>
  );
}
