/** /solution: the marketing page (console-spec §2: SEO keywords on TPMS, tyre pressure/temperature, axle temperature, anti-fire). */
import { useTranslation } from 'react-i18next';

import {
  AlertIcon,
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
import { CtaBand, FeatureGrid, PageHero, StepList, type IconType } from './sections';
import { WheelPreview } from './wheel-preview';

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
    <PageHero
      eyebrow={t('hero.eyebrow')}
      eyebrowIcon={FlameIcon}
      title={t('hero.title')}
      accent={t('hero.titleAccent')}
      lead={t('hero.lead')}
      primary={{ to: paths.login, label: t('hero.primary') }}
      secondary={{ to: paths.map, label: t('hero.secondary'), icon: MapIcon }}
      aside={<WheelPreview />}
    />
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
  const items = FEATURES.map(({ id, icon }) => ({
    id,
    icon,
    title: t(`features.items.${id}.title`),
    body: t(`features.items.${id}.body`),
    tone: id === 'fire' ? ('fire' as const) : ('brand' as const),
  }));
  return <FeatureGrid id="features-heading" heading={t('features.heading')} lead={t('features.lead')} items={items} />;
}

function HowItWorks() {
  const { t } = useTranslation('solution');
  const steps = STEPS.map(({ id, icon }) => ({ id, icon, title: t(`how.steps.${id}.title`), body: t(`how.steps.${id}.body`) }));
  return <StepList id="how-heading" heading={t('how.heading')} lead={t('how.lead')} steps={steps} />;
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
    <CtaBand
      heading={t('cta.heading')}
      body={t('cta.body')}
      primary={{ to: paths.login, label: t('cta.primary') }}
      secondary={{ to: `${paths.about}#contact`, label: t('cta.secondary') }}
    />
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
