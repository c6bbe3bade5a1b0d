/**
 * layout/screenfull (全屏): the header's full-screen toggle as a page: the state now, a large toggle, the keys that do
 * the same (Esc leaves, F11 is the browser's own), and what happened when the browser refused or cannot.
 */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { MaximizeIcon, MinimizeIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useFullscreen } from '../use-fullscreen';

function Key({ children }: { children: string }) {
  return <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-700 shadow-sm">{children}</kbd>;
}

export default function ScreenfullView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  const fullscreen = useFullscreen();
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('fullscreen.description')}>
      <Panel className="max-w-xl space-y-5 p-5">
        <div className="flex items-center gap-3" data-testid="fullscreen-state">
          <span className="text-sm text-slate-600">{t('fullscreen.state')}</span>
          <Badge tone={fullscreen.active ? 'green' : 'slate'}>{fullscreen.active ? t('fullscreen.on') : t('fullscreen.off')}</Badge>
        </div>
        <Button size="lg" onClick={fullscreen.toggle} disabled={!fullscreen.supported} aria-pressed={fullscreen.active} data-testid="fullscreen-toggle">
          {fullscreen.active ? <MinimizeIcon className="size-5" /> : <MaximizeIcon className="size-5" />}
          {fullscreen.active ? t('fullscreen.exit') : t('fullscreen.enter')}
        </Button>
        {!fullscreen.supported ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="fullscreen-note">
            {t('fullscreen.unsupported')}
          </p>
        ) : fullscreen.refused ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="fullscreen-note">
            {t('fullscreen.refused')}
          </p>
        ) : null}
        <ul className="space-y-2 text-sm text-slate-600">
          <li>
            <Key>Esc</Key> {t('fullscreen.escHint')}
          </li>
          <li>
            <Key>F11</Key> {t('fullscreen.f11Hint')}
          </li>
          <li>{t('fullscreen.headerHint')}</li>
        </ul>
      </Panel>
    </ViewPage>
  );
}
