/** "Track playback" from another screen (the map's vehicle panel): today's playback of the vehicle. */
import { useTranslation } from 'react-i18next';

import { LinkButton } from '@/components/ui/button';
import { RouteIcon } from '@/components/ui/icons';
import { utcToday } from '../playback';
import { useTrackLinks } from './track-links';

export function TrackPlaybackLink({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation('locus');
  const links = useTrackLinks();
  return (
    <LinkButton to={links.playback(vehicleId, utcToday())} variant="secondary" size="sm" className="max-md:h-10" data-testid="track-playback-link">
      <RouteIcon className="size-4" />
      {t('link.playback')}
    </LinkButton>
  );
}
