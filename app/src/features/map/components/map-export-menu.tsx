/** The map toolbar's Export menu: work orders and after-service records (the work feature's export dialogs). */
import { useTranslation } from 'react-i18next';

import { DownloadIcon } from '@/components/ui/icons';
import { MenuButton } from '@/components/ui/menu-button';
import { useOrderExports } from '@/features/work';

export function MapExportMenu() {
  const { t } = useTranslation('map');
  const exports = useOrderExports();
  return (
    <>
      <MenuButton
        label={t('export')}
        icon={<DownloadIcon className="size-4" />}
        entries={exports.entries}
        className="h-8 rounded-lg bg-white px-2.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
        menuClassName="right-0 md:right-auto md:left-0"
        testId="map-export"
      />
      {exports.dialog}
    </>
  );
}
