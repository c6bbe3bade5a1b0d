/** layout/setting: the header's settings drawer opened as a page of its own (the same controls, the same stored choices). */
import { useTranslation } from 'react-i18next';

import { ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { SettingsPanel } from '../settings-drawer';
import { useConsoleSettings } from '../settings-store';

export default function SettingsView({ route }: MenuViewProps) {
  const { t } = useTranslation('console');
  const { lang, user } = useApp();
  const settings = useConsoleSettings(user);
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <div className="max-w-md rounded-xl border border-slate-200 bg-white" data-testid="settings-page">
        <SettingsPanel
          settings={settings}
          onChanged={() => {
            notify.success({ text: t('settings.saved') });
          }}
        />
      </div>
    </ViewPage>
  );
}
