/**
 * QuickJS entry (docs/ssr-contract.md): defines `globalThis.__wheelendRender(inputJson) -> outputJson`.
 * Built by scripts/build.mjs as one IIFE (dist/ssr.js). Synchronous: renderToString, a fresh i18next instance per
 * call, no timers, no network. Exceptions propagate to the host (a bad input or a render bug is a 500 there).
 */
import './ssr/polyfills';

import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from 'react-router';

import { App } from './app';
import { safeRedirect } from './features/auth/redirect';
import { createI18n } from './lib/i18n';
import { paths } from './lib/paths';
import { resolveRoute } from './lib/routes';
import { buildHead, resolveMeta } from './lib/seo';
import { isSignedIn, parseRenderInput, splitUrl } from './lib/state';

export interface RenderOutput {
  status: number;
  head: string;
  html: string;
  redirect?: string;
}

export function render(inputJson: string): RenderOutput {
  const input = parseRenderInput(inputJson);
  const { pathname, search } = splitUrl(input.url);
  const resolved = resolveRoute(pathname);

  if (resolved.kind === 'redirect') {
    return { status: 302, redirect: `${resolved.to}${search}`, head: '', html: '' };
  }
  // Route guard (console-spec §2): a signed-in user visiting /login goes on to ?redirect or /map.
  if (resolved.route.metaId === 'login' && isSignedIn(input.user)) {
    const target = safeRedirect(new URLSearchParamsLite(search).get('redirect'));
    return { status: 302, redirect: target === paths.login ? paths.map : target, head: '', html: '' };
  }

  const i18n = createI18n(input.lang);
  const html = renderToString(
    <StaticRouter location={input.url}>
      <App input={input} i18n={i18n} />
    </StaticRouter>,
  );
  const meta = resolveMeta(resolved.route, { i18n, brand: input.brand, origin: input.origin, pathname });
  return { status: resolved.status, head: buildHead(meta), html };
}

/** Just enough query parsing for the guard, without relying on a host URLSearchParams. */
class URLSearchParamsLite {
  private readonly pairs: [string, string][];
  constructor(search: string) {
    this.pairs = search
      .replace(/^\?/, '')
      .split('&')
      .filter(Boolean)
      .map((kv) => {
        const eq = kv.indexOf('=');
        const dec = (s: string) => {
          try {
            return decodeURIComponent(s.replace(/\+/g, ' '));
          } catch {
            return s;
          }
        };
        return eq === -1 ? [dec(kv), ''] : [dec(kv.slice(0, eq)), dec(kv.slice(eq + 1))];
      });
  }
  get(name: string): string | null {
    return this.pairs.find(([k]) => k === name)?.[1] ?? null;
  }
}

(globalThis as unknown as { __wheelendRender: (json: string) => string }).__wheelendRender = (inputJson: string) =>
  JSON.stringify(render(inputJson));
