/**
 * What both React trees (the public site's and the console's) put around their routes: translations, the render
 * input, scrolling after navigation, toasts and the loading overlay. The router is supplied by the entry:
 * <StaticRouter> in QuickJS, <BrowserRouter> in the browser.
 */
import type { i18n as I18n } from 'i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLocation } from 'react-router';

import { FeedbackHost } from '@/components/ui/feedback-host';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { AppProvider } from '@/lib/app-context';
import type { ClientBundle } from '@/lib/routes';
import type { RenderInput } from '@/lib/state';

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

export interface AppProps {
  input: RenderInput;
  i18n: I18n;
  /** Browser only: called once the first commit (hydration) is done. */
  onReady?: () => void;
}

export function AppShell({ input, i18n, bundle, onReady, children }: AppProps & { bundle: ClientBundle; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppProvider input={input} bundle={bundle}>
        <ScrollRestoration />
        {children}
        <FeedbackHost />
        <LoadingOverlay />
        {onReady ? <OnMount run={onReady} /> : null}
      </AppProvider>
    </I18nextProvider>
  );
}
