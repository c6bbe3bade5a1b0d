/** Document head: computed on the server as HTML, and re-applied in the browser after client-side navigation. */
import type { i18n as I18n } from 'i18next';

import { absoluteUrl, composeTitle, type Brand } from './brand';
import { currentLang, optionalT } from './i18n';
import { canonicalPath, type PageRoute } from './routes';
import type { Lang } from './state';

export interface HeadMeta {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  siteName: string;
  image: string;
  locale: 'zh_CN' | 'en_US';
  noindex: boolean;
}

export const OG_LOCALE: Record<Lang, HeadMeta['locale']> = { zh: 'zh_CN', en: 'en_US' };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MetaContext {
  i18n: I18n;
  brand: Brand;
  origin: string;
  pathname: string;
}

/** A page's own title and description (a menu's title, a shared vehicle's plate and state, an article's). */
export interface MetaOverride {
  title?: string;
  description?: string;
  /** An article's own keywords. */
  keywords?: string;
}

/** Route-supplied title, description and keywords; the defaults of console-spec §2 otherwise. */
export function resolveMeta(route: Pick<PageRoute, 'metaId' | 'status' | 'unavailable'>, ctx: MetaContext, override: MetaOverride = {}): HeadMeta {
  const { i18n, brand } = ctx;
  const vars = { appName: brand.appName };
  const base = `meta.${route.metaId}`;
  const routeTitle = override.title ?? optionalT(i18n, `${base}.title`, vars) ?? i18n.t('meta.default.title');
  const lang = currentLang(i18n);
  return {
    title: composeTitle(routeTitle, brand.appName),
    description: override.description ?? optionalT(i18n, `${base}.description`, vars) ?? brand.desc,
    keywords: override.keywords ?? optionalT(i18n, `${base}.keywords`, vars) ?? i18n.t('meta.default.keywords'),
    canonical: absoluteUrl(ctx.origin, canonicalPath(ctx.pathname)),
    siteName: brand.appName,
    image: absoluteUrl(ctx.origin, brand.appLogo),
    locale: OG_LOCALE[lang],
    // a discussion link is someone's private conversation, shared for a week: never for search engines
    noindex: route.status === 404 || route.unavailable === true || route.metaId === 'console' || route.metaId === 'qrLogin' || route.metaId === 'discussionsInfo',
  };
}

/** The `head` string of the render output: every value HTML-escaped. (The host adds charset, viewport and icon.) */
export function buildHead(meta: HeadMeta): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
    `<meta name="keywords" content="${e(meta.keywords)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${e(meta.canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    `<meta property="og:url" content="${e(meta.canonical)}">`,
    `<meta property="og:site_name" content="${e(meta.siteName)}">`,
    `<meta property="og:image" content="${e(meta.image)}">`,
    `<meta property="og:locale" content="${meta.locale}">`,
  ];
  return tags.filter(Boolean).join('');
}

/** Browser side: brings `document.title` and the description/keywords/OG tags in line with `meta`. */
export function applyHead(doc: Document, meta: HeadMeta): void {
  if (doc.title !== meta.title) doc.title = meta.title;
  const set = (selector: string, value: string) => {
    const el = doc.head.querySelector<HTMLMetaElement | HTMLLinkElement>(selector);
    if (!el) return;
    if (el instanceof HTMLLinkElement) {
      if (el.href !== value) el.href = value;
    } else if (el.content !== value) {
      el.content = value;
    }
  };
  set('meta[name="description"]', meta.description);
  set('meta[name="keywords"]', meta.keywords);
  set('link[rel="canonical"]', meta.canonical);
  set('meta[property="og:title"]', meta.title);
  set('meta[property="og:description"]', meta.description);
  set('meta[property="og:url"]', meta.canonical);
  set('meta[property="og:locale"]', meta.locale);
}
