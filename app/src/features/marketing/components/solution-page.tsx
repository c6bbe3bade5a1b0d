/** /solution: the marketing page (console-spec §2: SEO keywords on TPMS, tyre pressure/temperature, axle temperature, anti-fire). */
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';

import { LinkButton } from '@/components/ui/button';
import {
  AlertIcon,
  ArrowRightIcon,
  BellIcon,
  ChipIcon,
  ClipboardIcon,
  FlameIcon,
  GaugeIcon,
  MapIcon,
  PackageIcon,
  SignalIcon,
  ThermometerIcon,
  TruckIcon,
  TyreIcon,
  WrenchIcon,
  LayersIcon,
  ShieldIcon,
  RouteIcon,
} from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { WheelPreview } from './wheel-preview';

type IconType = ComponentType<SVGProps<SVGSVGElement>>;

const FEATURES: { id: 'tpms' | 'axle' | 'fire' | 'map' | 'alarms' | 'orders' | 'stock' | 'devices'; icon: IconType }[] = [
  { id: 'tpms', icon: GaugeIcon },
  { id: 'axle', icon: ThermometerIcon },
  { id: 'fire', icon: FlameIcon },
  { id: 'map', icon: MapIcon },
  { id: 'alarms', icon: BellIcon },
  { id: 'orders', icon: ClipboardIcon },
  { id: 'stock', icon: PackageIcon },
  { id: 'devices', icon: ChipIcon },
];

const STEPS: { id: 'sense' | 'relay' | 'analyse' | 'act'; icon: IconType }[] = [
  { id: 'sense', icon: TyreIcon },
  { id: 'relay', icon: SignalIcon },
  { id: 'analyse', icon: LayersIcon },
  { id: 'act', icon: WrenchIcon },
];

const STATS = ['vehicles', 'wheels', 'monitoring', 'closure'] as const;
const ALARMS = ['highTp', 'lowTp', 'leak', 'highTemp', 'axleTemp', 'tempDiff', 'sensorLoss', 'spray'] as const;
const AUDIENCE: { id: 'express' | 'logistics' | 'hazmat' | 'service'; icon: IconType }[] = [
  { id: 'express', icon: RouteIcon },
  { id: 'logistics', icon: TruckIcon },
  { id: 'hazmat', icon: ShieldIcon },
  { id: 'service', icon: WrenchIcon },
];

function Hero() {
  const { t } = useTranslation('solution');
  return (
    <section className="bg-ink-950 relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_80%_20%,rgba(77,112,255,0.35),transparent),radial-gradient(40%_60%_at_10%_90%,rgba(229,72,77,0.18),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:56px_56px]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 md:grid-cols-[1.1fr_1fr] md:py-28 lg:px-8">
        <div>
          <p className="text-brand-300 inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-xs font-medium ring-1 ring-white/10">
            <FlameIcon className="size-3.5" />
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-6 text-4xl leading-tight font-bold tracking-tight text-white sm:text-5xl">
            {t('hero.title')}
            <span className="from-brand-300 block bg-gradient-to-r to-sky-300 bg-clip-text text-transparent">{t('hero.titleAccent')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-base leading-7 text-slate-300 sm:text-lg">{t('hero.lead')}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <LinkButton to={paths.login} size="lg">
              {t('hero.primary')}
              <ArrowRightIcon className="size-4" />
            </LinkButton>
            <LinkButton to={paths.map} size="lg" variant="inverse">
              <MapIcon className="size-5" />
              {t('hero.secondary')}
            </LinkButton>
          </div>
        </div>
        <div className="flex justify-center md:justify-end">
          <WheelPreview />
        </div>
      </div>
    </section>
  );
}

function Stats() {
  const { t } = useTranslation('solution');
  return (
    <section aria-label={t('stats.label')} className="border-b border-slate-200 bg-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px bg-slate-200 md:grid-cols-4">
        {STATS.map((id) => (
          <div key={id} className="flex flex-col-reverse gap-1 bg-white px-6 py-8 text-center">
            <dt className="text-sm text-slate-500">{t(`stats.${id}.label`)}</dt>
            <dd className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t(`stats.${id}.value`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Features() {
  const { t } = useTranslation('solution');
  return (
    <section className="bg-slate-50 py-20 sm:py-24" aria-labelledby="features-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('features.heading')}
          </h2>
          <p className="mt-3 text-base text-slate-600">{t('features.lead')}</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li
              key={id}
              className="group rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
            >
              <span
                className={
                  id === 'fire'
                    ? 'flex size-11 items-center justify-center rounded-xl bg-red-50 text-red-600'
                    : 'bg-brand-50 text-brand-600 flex size-11 items-center justify-center rounded-xl'
                }
              >
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-slate-900">{t(`features.items.${id}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`features.items.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation('solution');
  return (
    <section className="bg-white py-20 sm:py-24" aria-labelledby="how-heading">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('how.heading')}
          </h2>
          <p className="mt-3 text-base text-slate-600">{t('how.lead')}</p>
        </div>
        <ol className="mt-12 grid gap-8 md:grid-cols-4">
          {STEPS.map(({ id, icon: Icon }, i) => (
            <li key={id} className="relative">
              {i < STEPS.length - 1 ? (
                <span aria-hidden="true" className="from-brand-200 absolute top-6 left-14 hidden h-px w-[calc(100%-3rem)] bg-gradient-to-r to-transparent md:block" />
              ) : null}
              <span className="bg-brand-600 flex size-12 items-center justify-center rounded-full text-white shadow-md ring-4 ring-brand-100">
                <Icon className="size-6" />
              </span>
              <p className="text-brand-600 mt-5 text-xs font-semibold tracking-widest">0{i + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{t(`how.steps.${id}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`how.steps.${id}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function AlarmsAndAudience() {
  const { t } = useTranslation('solution');
  return (
    <section className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr] lg:px-8">
        <section aria-labelledby="alarms-heading">
          <h2 id="alarms-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('alarms.heading')}
          </h2>
          <ul className="mt-6 flex flex-wrap gap-2">
            {ALARMS.map((id) => (
              <li
                key={id}
                className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-200"
              >
                <AlertIcon className="size-4 text-amber-500" />
                {t(`alarms.items.${id}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="audience-heading">
          <h2 id="audience-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('audience.heading')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {AUDIENCE.map(({ id, icon: Icon }) => (
              <li key={id} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
                <Icon className="text-brand-600 mt-0.5 size-6 shrink-0" />
                <div>
                  <h3 className="font-semibold text-slate-900">{t(`audience.items.${id}.title`)}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{t(`audience.items.${id}.body`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}

function CallToAction() {
  const { t } = useTranslation('solution');
  return (
    <section className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="from-brand-600 to-brand-800 relative isolate overflow-hidden rounded-3xl bg-gradient-to-br px-6 py-14 text-center shadow-xl sm:px-12">
          <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl" />
          <h2 className="text-3xl font-bold tracking-tight text-white">{t('cta.heading')}</h2>
          <p className="text-brand-100 mx-auto mt-4 max-w-xl text-base">{t('cta.body')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <LinkButton to={paths.login} size="lg" variant="secondary">
              {t('cta.primary')}
              <ArrowRightIcon className="size-4" />
            </LinkButton>
            <LinkButton to={`${paths.about}#contact`} size="lg" variant="inverse">
              {t('cta.secondary')}
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  );
}

export function SolutionPage() {
  return (
    <>
      <Hero />
      <Stats />
      <Features />
      <HowItWorks />
      <AlarmsAndAudience />
      <CallToAction />
    </>
  );
}
