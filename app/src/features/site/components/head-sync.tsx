/** Title, description and the rest of the head after client-side navigation, language changes and menu loads. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { CONSOLE_ROUTE, NOT_FOUND_ROUTE } from '@/lib/routes';
import { applyHead, resolveMeta } from '@/lib/seo';
import { articlePageMeta } from '@/features/articles';
import type { GuardResult } from '@/features/auth';
import { sharePageMeta } from '@/features/share';

export function HeadSync({ result }: { result: GuardResult }) {
  const { pathname } = useLocation();
  const { brand, origin, lang, data } = useApp();
  const { i18n } = useTranslation();
  useEffect(() => {
    const ctx = { i18n, brand, origin, pathname };
    let meta;
    if (result.kind === 'fixed') {
      const { route, override } =
        result.route.metaId === 'article' ? articlePageMeta(result.route, pathname, i18n, brand.appName) : sharePageMeta(result.route, data, i18n);
      meta = resolveMeta(route, ctx, override);
    } else if (result.kind === 'menu') meta = resolveMeta(CONSOLE_ROUTE, ctx, { title: menuTitle(result.match.route, lang) });
    else if (result.kind === 'notFound') meta = resolveMeta(NOT_FOUND_ROUTE, ctx);
    else if (result.kind === 'pending') meta = resolveMeta(CONSOLE_ROUTE, ctx);
    if (meta) applyHead(document, meta);
  }, [result, pathname, brand, origin, lang, i18n, data]);
  return null;
}
