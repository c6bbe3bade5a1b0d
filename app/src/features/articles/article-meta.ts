/**
 * The head of an article page (`/article/:type`): the article's own title, description and keywords; status 404 with
 * the not-found head for a type there is no article of. Used by the QuickJS entry and by the browser's head sync.
 */
import type { i18n as I18n } from 'i18next';

import { NOT_FOUND_ROUTE, type PageRoute } from '@/lib/routes';
import type { MetaOverride } from '@/lib/seo';
import { articleTypeOf, isArticleType } from './articles';

export function articlePageMeta(route: PageRoute, pathname: string, i18n: I18n, appName: string): { route: PageRoute; override: MetaOverride } {
  if (route.metaId !== 'article') return { route, override: {} };
  const type = articleTypeOf(pathname) ?? undefined;
  if (!isArticleType(type)) return { route: NOT_FOUND_ROUTE, override: {} };
  const vars = { appName };
  return {
    route,
    override: {
      title: i18n.t(`articles:${type}.title`, vars),
      description: i18n.t(`articles:${type}.description`, vars),
      keywords: i18n.t(`articles:${type}.keywords`, vars),
    },
  };
}
