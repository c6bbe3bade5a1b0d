/**
 * The site's articles (`/article/:type`, console-spec §2): their types and the order of their sections. The texts are
 * in the `articles` namespace (zh and en); an unknown type is the 404 page.
 */
export const ARTICLES = {
  privacy: ['collect', 'use', 'share', 'store', 'rights', 'minors', 'changes', 'contact'],
  terms: ['service', 'account', 'data', 'use', 'devices', 'availability', 'liability', 'termination'],
  cookies: ['necessary', 'storage', 'analytics', 'server', 'control'],
  'install-guide': ['tools', 'receiver', 'positions', 'sensors', 'hub', 'repeater', 'pairing', 'troubleshooting'],
} as const;

export type ArticleType = keyof typeof ARTICLES;

export const ARTICLE_TYPES = Object.keys(ARTICLES) as ArticleType[];

export function isArticleType(value: string | undefined): value is ArticleType {
  return value !== undefined && Object.prototype.hasOwnProperty.call(ARTICLES, value);
}

/** `/article/privacy` → `privacy`; anything else (a deeper path, no type) → null. */
export function articleTypeOf(pathname: string): string | null {
  const raw = /^\/article\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
