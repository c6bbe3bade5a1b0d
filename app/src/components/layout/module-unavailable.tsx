/** The honest notice for a route or menu entry whose screen is not built yet (no fake screen). */
import { useTranslation } from 'react-i18next';

import { paths } from '@/lib/paths';
import { LinkButton } from '@/components/ui/button';
import { BoxIcon, MapIcon } from '@/components/ui/icons';

export function ModuleUnavailable({ title, componentKey }: { title?: string; componentKey?: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center" data-testid="module-unavailable">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
        <BoxIcon className="size-7" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-slate-900">{t('unavailable.heading')}</h2>
      <p className="mt-3 text-sm leading-6 text-slate-600">
        {title ? t('unavailable.bodyNamed', { title }) : t('unavailable.body')}
      </p>
      {componentKey ? <p className="mt-2 font-mono text-xs text-slate-400">{componentKey}</p> : null}
      <LinkButton to={paths.map} variant="secondary" className="mt-8">
        <MapIcon className="size-4" />
        {t('notFound.back')}
      </LinkButton>
    </section>
  );
}
