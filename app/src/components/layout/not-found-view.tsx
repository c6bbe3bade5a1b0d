import { useTranslation } from 'react-i18next';

import { paths } from '@/lib/paths';
import { LinkButton } from '@/components/ui/button';
import { ArrowRightIcon, MapIcon } from '@/components/ui/icons';

/** The 404 view (console-spec §2: name 404, title 'lost'); the status code is set by the server entry. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className="relative isolate overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--color-brand-50),transparent_65%)]" />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center sm:py-32">
        <p className="text-brand-600 text-sm font-semibold tracking-widest">{t('notFound.code')}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('notFound.heading')}</h1>
        <p className="mt-5 text-base leading-7 text-slate-600">{t('notFound.body')}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <LinkButton to={paths.map} size="lg">
            <MapIcon className="size-5" />
            {t('notFound.back')}
          </LinkButton>
          <LinkButton to={paths.solution} size="lg" variant="ghost">
            {t('notFound.solution')}
            <ArrowRightIcon className="size-4" />
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
