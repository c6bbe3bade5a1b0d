/** /about: company profile, contact with an address map, partner cases, privacy policy and the app (console-spec §2). */
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';

import { PointMap } from '@/components/map/point-map';
import type { MapPoint } from '@/components/map/types';
import { AppLink } from '@/components/ui/app-link';
import { ArrowRightIcon, ClockIcon, MailIcon, PhoneDeviceIcon, PhoneIcon, PinIcon, QrIcon, ShieldIcon, BellIcon, TyreIcon, ClipboardIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { articlePath } from '@/lib/paths';

type IconType = ComponentType<SVGProps<SVGSVGElement>>;

const OFFICE: [number, number] = [113.9447, 22.5262];
const OFFICE_POINTS: MapPoint[] = [{ id: 'office', lon: OFFICE[0], lat: OFFICE[1], color: '#4D70FF', label: '' }];

const FACTS = ['vehicles', 'wheels', 'fleets'] as const;
const CASES = ['express', 'coldchain', 'hazmat', 'service'] as const;
const PRIVACY = ['collect', 'use', 'share', 'store', 'cookies', 'rights'] as const;
const APP_POINTS: { id: 'push' | 'wheels' | 'orders' | 'qr'; icon: IconType }[] = [
  { id: 'push', icon: BellIcon },
  { id: 'wheels', icon: TyreIcon },
  { id: 'orders', icon: ClipboardIcon },
  { id: 'qr', icon: QrIcon },
];

function SectionHeading({ id, children, lead }: { id: string; children: string; lead?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {children}
      </h2>
      {lead ? <p className="mt-3 text-base text-slate-600">{lead}</p> : null}
    </div>
  );
}

export function AboutPage() {
  const { t } = useTranslation('about');
  const { brand } = useApp();
  const vars = { appName: brand.appName };

  const contactRows: { icon: IconType; label: string; value: string; href?: string }[] = [
    { icon: PinIcon, label: t('contact.address'), value: t('contact.addressValue') },
    { icon: PhoneIcon, label: t('contact.phone'), value: t('contact.phoneValue'), href: `tel:${t('contact.phoneValue').replace(/[^\d+]/g, '')}` },
    { icon: MailIcon, label: t('contact.email'), value: t('contact.emailValue'), href: `mailto:${t('contact.emailValue')}` },
    { icon: ClockIcon, label: t('contact.hours'), value: t('contact.hoursValue') },
  ];

  return (
    <>
      <section className="from-brand-50 border-b border-slate-200 bg-gradient-to-b to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-brand-600 text-sm font-semibold">{t('hero.eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('hero.title')}</h1>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-slate-600">{t('hero.lead', vars)}</p>
        </div>
      </section>

      <section aria-labelledby="profile-heading" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[1.5fr_1fr] lg:px-8">
          <div>
            <SectionHeading id="profile-heading">{t('profile.heading')}</SectionHeading>
            <p className="mt-6 text-lg font-semibold text-slate-900">{t('profile.company')}</p>
            <div className="mt-4 space-y-4 text-base leading-7 text-slate-600">
              <p>{t('profile.paragraphs.p1')}</p>
              <p>{t('profile.paragraphs.p2')}</p>
              <p>{t('profile.paragraphs.p3')}</p>
            </div>
          </div>
          <dl className="grid content-start gap-4">
            {FACTS.map((id) => (
              <div key={id} className="flex flex-col-reverse rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <dt className="mt-1 text-sm text-slate-500">{t(`profile.facts.${id}.label`)}</dt>
                <dd className="text-brand-700 text-3xl font-bold tracking-tight">{t(`profile.facts.${id}.value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20 bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="contact-heading">{t('contact.heading')}</SectionHeading>
          <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.3fr]">
            <address className="not-italic">
              <ul className="space-y-6">
                {contactRows.map(({ icon: Icon, label, value, href }) => (
                  <li key={label} className="flex gap-4">
                    <span className="text-brand-600 flex size-10 shrink-0 items-center justify-center rounded-lg bg-white ring-1 ring-slate-200">
                      <Icon className="size-5" />
                    </span>
                    <span>
                      <span className="block text-sm text-slate-500">{label}</span>
                      {href ? (
                        <a href={href} className="text-brand-700 font-medium hover:underline">
                          {value}
                        </a>
                      ) : (
                        <span className="font-medium text-slate-900">{value}</span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </address>
            <div className="overflow-hidden rounded-2xl ring-1 ring-slate-200">
              <PointMap
                className="relative h-72 sm:h-80"
                points={OFFICE_POINTS}
                center={OFFICE}
                zoom={14}
                label={t('contact.mapLabel')}
                loadingText={t('contact.mapLoading')}
                errorText={t('contact.mapFallback')}
              />
              <p className="flex items-center gap-2 bg-white px-4 py-3 text-sm text-slate-600">
                <PinIcon className="text-brand-600 size-4" />
                {t('contact.mapFallback')}
              </p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="cases-heading" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="cases-heading" lead={t('cases.lead')}>
            {t('cases.heading')}
          </SectionHeading>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {CASES.map((id) => (
              <li key={id} className="flex flex-col rounded-2xl p-6 ring-1 ring-slate-200">
                <span className="bg-brand-50 text-brand-700 self-start rounded-full px-2.5 py-1 text-xs font-medium">
                  {t(`cases.items.${id}.tag`)}
                </span>
                <h3 className="mt-4 text-base font-semibold text-slate-900">{t(`cases.items.${id}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(`cases.items.${id}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="privacy" aria-labelledby="privacy-heading" className="scroll-mt-20 bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex items-start gap-4">
            <ShieldIcon className="text-brand-600 mt-1 hidden size-8 shrink-0 sm:block" />
            <SectionHeading id="privacy-heading" lead={t('privacy.lead')}>
              {t('privacy.heading')}
            </SectionHeading>
          </div>
          <div className="mt-10 grid gap-x-10 gap-y-8 md:grid-cols-2 lg:grid-cols-3">
            {PRIVACY.map((id) => (
              <div key={id}>
                <h3 className="text-base font-semibold text-slate-900">{t(`privacy.sections.${id}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{t(`privacy.sections.${id}.body`)}</p>
              </div>
            ))}
          </div>
          <p className="mt-10">
            <AppLink to={articlePath('privacy')} className="text-brand-700 inline-flex items-center gap-1.5 text-sm font-semibold hover:underline">
              {t('privacy.full')}
              <ArrowRightIcon className="size-4" />
            </AppLink>
          </p>
        </div>
      </section>

      <section aria-labelledby="app-heading" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="bg-ink-900 grid items-center gap-10 overflow-hidden rounded-3xl px-6 py-12 sm:px-12 md:grid-cols-[1.4fr_1fr]">
            <div>
              <h2 id="app-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
                {t('app.heading', vars)}
              </h2>
              <p className="mt-3 text-slate-300">{t('app.lead')}</p>
              <ul className="mt-8 grid gap-4 sm:grid-cols-2">
                {APP_POINTS.map(({ id, icon: Icon }) => (
                  <li key={id} className="flex gap-3 text-sm text-slate-200">
                    <Icon className="text-brand-300 size-5 shrink-0" />
                    {t(`app.points.${id}`)}
                  </li>
                ))}
              </ul>
              <p className="mt-8 text-sm text-slate-400">{t('app.availability')}</p>
            </div>
            <div className="flex justify-center" aria-hidden="true">
              <div className="relative flex h-64 w-36 flex-col rounded-[2rem] bg-slate-800 p-2 shadow-2xl ring-1 ring-white/10">
                <div className="flex flex-1 flex-col gap-2 rounded-[1.6rem] bg-slate-50 p-3">
                  <div className="flex items-center gap-1.5">
                    <PhoneDeviceIcon className="text-brand-600 size-4" />
                    <span className="h-2 w-16 rounded bg-slate-300" />
                  </div>
                  <div className="rounded-lg bg-red-50 p-2 ring-1 ring-red-200">
                    <span className="block h-1.5 w-14 rounded bg-red-400" />
                    <span className="mt-1.5 block h-1.5 w-20 rounded bg-red-200" />
                  </div>
                  {[0, 1, 2].map((i) => (
                    <div key={i} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
                      <span className="block h-1.5 w-16 rounded bg-slate-300" />
                      <span className="mt-1.5 block h-1.5 w-10 rounded bg-slate-200" />
                    </div>
                  ))}
                </div>
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
