import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Drawer } from '@/components/ui/drawer';
import { CheckIcon } from '@/components/ui/icons';
import { ACTIVE_COLORS, DARK_SIDE_COLOR, type ConsoleSettings } from './settings-store';

interface SettingsPanelProps {
  settings: ConsoleSettings;
  /** Called after every change, e.g. to show 'set successfully' (console-spec §4). */
  onChanged: () => void;
}

interface SettingsDrawerProps extends SettingsPanelProps {
  open: boolean;
  onClose: () => void;
}

const MODES: ('dark' | 'light')[] = ['dark', 'light'];

export function SettingsDrawer({ open, onClose, settings, onChanged }: SettingsDrawerProps) {
  const { t } = useTranslation('console');
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')}>
      <SettingsPanel settings={settings} onChanged={onChanged} />
    </Drawer>
  );
}

/** The console's appearance: side menu theme, active colour, reset (the drawer's and the settings page's body). */
export function SettingsPanel({ settings, onChanged }: SettingsPanelProps) {
  const { t } = useTranslation('console');
  return (
    <div className="space-y-8 p-5">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('settings.sideMode')}</legend>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {MODES.map((mode) => {
            const checked = settings.sideMode === mode;
            return (
              <label
                key={mode}
                className={cx(
                  'relative flex cursor-pointer flex-col gap-2 rounded-xl border p-2 transition-shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-(--wheelend-accent)',
                  checked ? 'border-accent ring-accent ring-1' : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name="sideMode"
                  value={mode}
                  checked={checked}
                  onChange={() => {
                    settings.setSideMode(mode);
                    onChanged();
                  }}
                  className="sr-only"
                />
                <span className="flex h-16 overflow-hidden rounded-lg border border-slate-200" aria-hidden="true">
                  <span className="w-1/3" style={{ backgroundColor: mode === 'dark' ? DARK_SIDE_COLOR : '#ffffff' }} />
                  <span className="flex-1 bg-slate-100" />
                </span>
                <span className="flex items-center justify-between px-1 text-sm text-slate-700">
                  {t(`settings.${mode}`)}
                  {checked ? <CheckIcon className="text-accent size-4" /> : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('settings.activeColor')}</legend>
        <div className="mt-3 flex flex-wrap gap-3">
          {ACTIVE_COLORS.map((c) => {
            const checked = settings.activeColor.toLowerCase() === c.value.toLowerCase();
            return (
              <label
                key={c.id}
                title={t(`settings.colorName.${c.id}`)}
                className="relative flex size-9 cursor-pointer items-center justify-center rounded-full ring-offset-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-slate-900"
                style={{ backgroundColor: c.value }}
              >
                <input
                  type="radio"
                  name="activeColor"
                  value={c.value}
                  checked={checked}
                  aria-label={t(`settings.colorName.${c.id}`)}
                  onChange={() => {
                    settings.setActiveColor(c.value);
                    onChanged();
                  }}
                  className="sr-only"
                />
                {checked ? <CheckIcon className="size-4 text-white" /> : null}
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="border-t border-slate-200 pt-5">
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => {
            settings.reset();
            onChanged();
          }}
        >
          {t('settings.reset')}
        </Button>
        <p className="mt-3 text-xs text-slate-500">{t('settings.note')}</p>
      </div>
    </div>
  );
}
