/**
 * QuickJS entry (docs/ssr-contract.md): defines `globalThis.__wheelendRender(inputJson) -> output` (an object).
 * Built by scripts/build.mjs as one IIFE (dist/ssr.js). Synchronous: renderToString, one read-only i18next instance
 * per language for the worker's life (see src/ssr/react-i18next.ts), no timers, no network. Exceptions propagate to the host (a bad input or a render bug is a 500 there).
 */
import '@/ssr/polyfills';

import { notifyManager } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from 'react-router';

import { ConsoleApp } from '@/console-app';
import { articlePageMeta } from '@/features/articles';
import { bundleFor, guard } from '@/features/auth';
import { sharePageMeta } from '@/features/share';
import { createI18n } from '@/lib/i18n-bundled';
import { createQueryClient } from '@/lib/query';
import { CONSOLE_ROUTE, NOT_FOUND_ROUTE, type ClientBundle, type PageRoute } from '@/lib/routes';
import { buildHead, resolveMeta, type MetaOverride } from '@/lib/seo';
import { parseRenderInput, splitUrl, type Lang, type RenderInput } from '@/lib/state';
import { SiteApp } from '@/site-app';

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
  /** The browser bundle that hydrates the page; absent on redirects. */
  bundle?: ClientBundle;
}

const instances = new Map<Lang, I18n>();
function i18nFor(lang: Lang): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang);
    instances.set(lang, instance);
  }
  return instance;
}

export function render(inputJson: string): RenderOutput {
  const input = parseRenderInput(inputJson);
  const { pathname, search } = splitUrl(input.url);
  // the route guard of console-spec §2; the host knew the user from the x-token cookie; the menu is never known here
  const decision = guard({ pathname, search, hasToken: input.user !== null, visitor: input.user?.visitor === true, menus: null });
  if (decision.kind === 'redirect') return { status: 302, redirect: decision.to, head: '', html: '' };

  const bundle = bundleFor(decision);
  const i18n = i18nFor(input.lang);
  const html = renderToString(
    <StaticRouter location={input.url}>
      {bundle === 'site' ? <SiteApp input={input} i18n={i18n} /> : <ConsoleApp input={input} i18n={i18n} queryClient={createQueryClient()} />}
    </StaticRouter>,
  );
  const fixed = decision.kind === 'fixed' ? decision.route : decision.kind === 'notFound' ? NOT_FOUND_ROUTE : CONSOLE_ROUTE;
  const { route, override } = fixed.metaId === 'article' ? articlePageMeta(fixed, pathname, i18n, input.brand.appName) : sharePageMeta(fixed, input.data, i18n);
  return { status: route.status, head: headFor(route, override, input, pathname, i18n), html, bundle };
}

/** Heads already built: a head depends on nothing but what its key holds. Bounded, since a path may be anything. */
const heads = new Map<string, string>();
const HEADS_MAX = 1000;

function headFor(route: PageRoute, override: MetaOverride, input: RenderInput, pathname: string, i18n: I18n): string {
  const { brand, origin } = input;
  const key = JSON.stringify([
    input.lang,
    route.metaId,
    route.status,
    route.unavailable === true,
    override.title ?? null,
    override.description ?? null,
    override.keywords ?? null,
    brand.appName,
    brand.desc,
    brand.appLogo,
    origin,
    pathname,
  ]);
  let head = heads.get(key);
  if (head === undefined) {
    head = buildHead(resolveMeta(route, { i18n, brand, origin, pathname }, override));
    if (heads.size >= HEADS_MAX) heads.clear();
    heads.set(key, head);
  }
  return head;
}

// The object itself, not its JSON: the host reads its properties, which spares stringifying and parsing the markup.
(globalThis as unknown as { __wheelendRender: (json: string) => RenderOutput }).__wheelendRender = render;
