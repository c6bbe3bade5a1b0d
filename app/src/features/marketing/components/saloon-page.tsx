/** /saloon: direct TPMS for passenger cars and saloon fleets (console-spec §2 open route; indexed, zh and en). */
import { useTranslation } from 'react-i18next';

import { BellIcon, ChipIcon, GaugeIcon, MapIcon, PhoneDeviceIcon, ThermometerIcon, TyreIcon, UsersIcon, AlertIcon, WrenchIcon, SignalIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { CarPreview } from './car-preview';
import { CtaBand, FaqList, FeatureGrid, PageHero, StepList, type IconType } from './sections';

const FEATURES: { id: 'direct' | 'pressure' | 'leak' | 'app' | 'fleet' | 'battery'; icon: IconType }[] = [
  { id: 'direct', icon: ChipIcon },
  { id: 'pressure', icon: GaugeIcon },
  { id: 'leak', icon: AlertIcon },
  { id: 'app', icon: PhoneDeviceIcon },
  { id: 'fleet', icon: UsersIcon },
  { id: 'battery', icon: ThermometerIcon },
];

const STEPS: { id: 'fit' | 'pair' | 'drive' | 'alert'; icon: IconType }[] = [
  { id: 'fit', icon: TyreIcon },
  { id: 'pair', icon: SignalIcon },
  { id: 'drive', icon: MapIcon },
  { id: 'alert', icon: BellIcon },
];

const FAQ = ['indirect', 'legal', 'rotation', 'winter', 'battery'] as const;

export function SaloonPage() {
  const { t } = useTranslation('site');
  return (
    <>
      <PageHero
        eyebrow={t('saloon.hero.eyebrow')}
        eyebrowIcon={GaugeIcon}
        title={t('saloon.hero.title')}
        accent={t('saloon.hero.accent')}
        lead={t('saloon.hero.lead')}
        primary={{ to: paths.login, label: t('common.signIn') }}
        secondary={{ to: paths.install, label: t('common.installation'), icon: WrenchIcon }}
        aside={<CarPreview />}
      />
      <FeatureGrid
        id="saloon-features"
        heading={t('saloon.features.heading')}
        lead={t('saloon.features.lead')}
        items={FEATURES.map(({ id, icon }) => ({ id, icon, title: t(`saloon.features.items.${id}.title`), body: t(`saloon.features.items.${id}.body`) }))}
      />
      <StepList
        id="saloon-steps"
        heading={t('saloon.steps.heading')}
        lead={t('saloon.steps.lead')}
        steps={STEPS.map(({ id, icon }) => ({ id, icon, title: t(`saloon.steps.items.${id}.title`), body: t(`saloon.steps.items.${id}.body`) }))}
      />
      <FaqList
        id="saloon-faq"
        heading={t('saloon.faq.heading')}
        items={FAQ.map((id) => ({ id, question: t(`saloon.faq.items.${id}.q`), answer: t(`saloon.faq.items.${id}.a`) }))}
      />
      <CtaBand
        heading={t('saloon.cta.heading')}
        body={t('saloon.cta.body')}
        primary={{ to: paths.login, label: t('common.signIn') }}
        secondary={{ to: paths.truck, label: t('saloon.cta.trucks') }}
      />
    </>
  );
}
