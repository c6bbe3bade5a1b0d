/** The installation procedure (server-rendered, readable on a phone without signing in), with the full guide's link. */
import { useTranslation } from 'react-i18next';

import { AppLink } from '@/components/ui/app-link';
import { ArrowRightIcon } from '@/components/ui/icons';
import { articlePath } from '@/lib/paths';

const STEPS = ['prepare', 'receiver', 'sensors', 'repeater', 'pairing', 'test'] as const;

export function Procedure() {
  const { t } = useTranslation('site');
  return (
    <section aria-labelledby="procedure-heading" data-testid="install-procedure">
      <h2 id="procedure-heading" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        {t('install.procedure.heading')}
      </h2>
      <ol className="mt-6 space-y-4">
        {STEPS.map((id, i) => (
          <li key={id} className="flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
            <span className="bg-brand-600 flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <div className="min-w-0">
              <h3 className="text-base font-semibold text-slate-900">{t(`install.procedure.items.${id}.title`)}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{t(`install.procedure.items.${id}.body`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6">
        <AppLink to={articlePath('install-guide')} className="text-brand-700 inline-flex items-center gap-1.5 text-sm font-semibold hover:underline">
          {t('install.procedure.guide')}
          <ArrowRightIcon className="size-4" />
        </AppLink>
      </p>
    </section>
  );
}
