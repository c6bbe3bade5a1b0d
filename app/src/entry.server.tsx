/**
 * QuickJS entry (docs/ssr-contract.md): defines `globalThis.__wheelendRender(inputJson) -> outputJson`.
 * Built by scripts/build.mjs as one IIFE (dist/ssr.js). Synchronous: renderToString, a fresh i18next instance per
 * call, no timers, no network. Exceptions propagate to the host (a bad input or a render bug is a 500 there).
 */
import '@/ssr/polyfills';

import { notifyManager } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from 'react-router';

import { App } from '@/app';
import { guard } from '@/features/auth';
import { sharePageMeta } from '@/features/share';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query';
import { CONSOLE_ROUTE, NOT_FOUND_ROUTE } from '@/lib/routes';
import { buildHead, resolveMeta } from '@/lib/seo';
import { parseRenderInput, splitUrl } from '@/lib/state';

// react-query batches its cache notifications through setTimeout(0); in QuickJS there is no event loop to run them
// (and nothing listens during a server render), so they run inline.
notifyManager.setScheduler((run) => {
  run();
});

export interface RenderOutput {
  status: number;
  head: string;
  html: string;
  redirect?: string;
}

export function render(inputJson: string): RenderOutput {
  const input = parseRenderInput(inputJson);
  const { pathname, search } = splitUrl(input.url);
  // the route guard of console-spec §2; the host knew the user from the x-token cookie; the menu is never known here
  const decision = guard({ pathname, search, hasToken: input.user !== null, visitor: input.user?.visitor === true, menus: null });
  if (decision.kind === 'redirect') return { status: 302, redirect: decision.to, head: '', html: '' };

  const i18n = createI18n(input.lang);
  const html = renderToString(
    <StaticRouter location={input.url}>
      <App input={input} i18n={i18n} queryClient={createQueryClient()} />
    </StaticRouter>,
  );
  const fixed = decision.kind === 'fixed' ? decision.route : decision.kind === 'notFound' ? NOT_FOUND_ROUTE : CONSOLE_ROUTE;
  const { route, override } = sharePageMeta(fixed, input.data, i18n);
  const meta = resolveMeta(route, { i18n, brand: input.brand, origin: input.origin, pathname }, override);
  return { status: route.status, head: buildHead(meta), html };
}

(globalThis as unknown as { __wheelendRender: (json: string) => string }).__wheelendRender = (inputJson: string) =>
  JSON.stringify(render(inputJson));
