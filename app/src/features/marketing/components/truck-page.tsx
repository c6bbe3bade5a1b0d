/** /truck: wheel-end safety for trucks, tractors and trailers (console-spec §2 open route; indexed, zh and en). */
import { useTranslation } from 'react-i18next';

import {
  ClipboardIcon,
  FlameIcon,
  GaugeIcon,
  LayersIcon,
  MapIcon,
  RouteIcon,
  SignalIcon,
  ThermometerIcon,
  TruckIcon,
  TyreIcon,
  WrenchIcon,
  ChipIcon,
} from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { CtaBand, FaqList, FeatureGrid, PageHero, StepList, type IconType } from './sections';
import { WheelPreview } from './wheel-preview';

const FEATURES: { id: 'tpms' | 'axle' | 'spray' | 'swap' | 'map' | 'orders' | 'repeater' | 'reports'; icon: IconType }[] = [
  { id: 'tpms', icon: GaugeIcon },
  { id: 'axle', icon: ThermometerIcon },
  { id: 'spray', icon: FlameIcon },
  { id: 'swap', icon: RouteIcon },
  { id: 'map', icon: MapIcon },
  { id: 'orders', icon: ClipboardIcon },
  { id: 'repeater', icon: SignalIcon },
  { id: 'reports', icon: LayersIcon },
];

const STEPS: { id: 'fit' | 'pair' | 'watch' | 'act'; icon: IconType }[] = [
  { id: 'fit', icon: TyreIcon },
  { id: 'pair', icon: ChipIcon },
  { id: 'watch', icon: MapIcon },
  { id: 'act', icon: WrenchIcon },
];

const FAQ = ['twin', 'trailer', 'spray', 'retrofit', 'offline'] as const;

export function TruckPage() {
  const { t } = useTranslation('site');
  return (
    <>
      <PageHero
        eyebrow={t('truck.hero.eyebrow')}
        eyebrowIcon={TruckIcon}
        title={t('truck.hero.title')}
        accent={t('truck.hero.accent')}
        lead={t('truck.hero.lead')}
        primary={{ to: paths.login, label: t('common.signIn') }}
        secondary={{ to: paths.map, label: t('common.openMap'), icon: MapIcon }}
        aside={<WheelPreview />}
      />
      <FeatureGrid
        id="truck-features"
        heading={t('truck.features.heading')}
        lead={t('truck.features.lead')}
        items={FEATURES.map(({ id, icon }) => ({
          id,
          icon,
          title: t(`truck.features.items.${id}.title`),
          body: t(`truck.features.items.${id}.body`),
          tone: id === 'spray' ? 'fire' : 'brand',
        }))}
      />
      <StepList
        id="truck-steps"
        heading={t('truck.steps.heading')}
        lead={t('truck.steps.lead')}
        steps={STEPS.map(({ id, icon }) => ({ id, icon, title: t(`truck.steps.items.${id}.title`), body: t(`truck.steps.items.${id}.body`) }))}
      />
      <FaqList
        id="truck-faq"
        heading={t('truck.faq.heading')}
        items={FAQ.map((id) => ({ id, question: t(`truck.faq.items.${id}.q`), answer: t(`truck.faq.items.${id}.a`) }))}
      />
      <CtaBand
        heading={t('truck.cta.heading')}
        body={t('truck.cta.body')}
        primary={{ to: paths.login, label: t('common.signIn') }}
        secondary={{ to: paths.install, label: t('common.installation') }}
      />
    </>
  );
}
