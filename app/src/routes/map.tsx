import { useTranslation } from 'react-i18next';

import { ConsoleShell } from '../features/console/console-shell';
import { MapPage } from '../features/map/components/map-page';

export function MapRoute() {
  const { t } = useTranslation('map');
  return (
    <ConsoleShell title={t('heading')}>
      <MapPage />
    </ConsoleShell>
  );
}
