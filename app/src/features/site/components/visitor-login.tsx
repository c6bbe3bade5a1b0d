/** The automatic visitor sign-in of console-spec §2: on open routes, for someone without a token, once hydrated. */
import { useEffect } from 'react';

import { useApp } from '@/lib/app-context';
import { useHydrated } from '@/lib/local-store';
import { storeSession, useHasToken, useLoginDialogOpen } from '@/lib/session';
import { isLoginData, visitorLogin, type GuardResult } from '@/features/auth';

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

export function VisitorLogin({ result }: { result: GuardResult }) {
  const hydrated = useHydrated();
  const { serverUser } = useApp();
  const hasToken = useHasToken(serverUser !== null);
  const loginDialogOpen = useLoginDialogOpen();
  const needed = hydrated && !hasToken && !loginDialogOpen && result.kind === 'fixed' && result.visitorLogin;
  useEffect(() => {
    if (needed) void runVisitorLogin();
  }, [needed]);
  return null;
}
