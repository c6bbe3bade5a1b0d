/** locus/tracks (Track playback) and the /locus page: one playback component, two mounts. */
import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TrackPlayback } from '../components/track-playback';

export default function TracksView({ route }: Partial<MenuViewProps>) {
  const { t } = useTranslation('locus');
  const { lang } = useApp();
  return <TrackPlayback title={route ? menuTitle(route, lang) : t('page.title')} />;
}
