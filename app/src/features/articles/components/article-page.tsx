/**
 * `/article/:type`: the site's articles (privacy policy, terms of service, data and cookie notice, installation
 * guide), written out in zh and en with a table of contents; an unknown type is the 404 view (the server answers
 * 404 for it, features/articles/article-meta.ts).
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { NotFoundView } from '@/components/layout/not-found-view';
import { AppLink } from '@/components/ui/app-link';
import { BookIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { articlePath } from '@/lib/paths';
import { ARTICLES, ARTICLE_TYPES, isArticleType, type ArticleType } from '../articles';

export function ArticlePage() {
  const { type } = useParams();
  if (!isArticleType(type)) return <NotFoundView />;
  return <Article type={type} />;
}

function Article({ type }: { type: ArticleType }) {
  const { t } = useTranslation('articles');
  const { brand } = useApp();
  const vars = { appName: brand.appName };
  const sections: readonly string[] = ARTICLES[type];
  // section keys differ per article, so their union is not one the typed keys can check
  const section = (id: string, part: 'heading' | 'body') => t(`${type}.sections.${id}.${part}` as `privacy.sections.collect.heading`);
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8" data-testid="article" data-article={type}>
      <header className="border-b border-slate-200 pb-8">
        <p className="text-brand-600 inline-flex items-center gap-2 text-sm font-semibold">
          <BookIcon className="size-4" />
          {t('common.eyebrow', vars)}
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(`${type}.title`)}</h1>
        <p className="mt-3 text-sm text-slate-500">{t('common.updated', { date: t(`${type}.updated`) })}</p>
        <p className="mt-6 text-base leading-7 text-slate-700">{t(`${type}.intro`, vars)}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[12rem_1fr]">
        <nav aria-labelledby="article-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="article-contents" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            {t('common.contents')}
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="hover:text-brand-700 text-slate-600">
                  {section(id, 'heading')}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {sections.map((id) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
              <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
                {section(id, 'heading')}
              </h2>
              <div className="mt-3 space-y-3 text-base leading-7 text-slate-700">
                {section(id, 'body').split('\n').map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
      <footer className="mt-14 border-t border-slate-200 pt-8">
        <h2 className="text-sm font-semibold text-slate-900">{t('common.related')}</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {ARTICLE_TYPES.filter((other) => other !== type).map((other) => (
            <li key={other}>
              <AppLink to={articlePath(other)} className="text-brand-700 hover:underline">
                {t(`${other}.title`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </footer>
    </article>
  );
}
