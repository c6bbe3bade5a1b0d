import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import { LANGS } from '@/lib/state';
import { cx } from '@/components/ui/cx';

interface LanguageSwitcherProps {
  tone?: 'light' | 'dark';
  className?: string;
}

/** zh / EN segmented switch: changes the language in place and remembers it (localStorage + cookie). */
export function LanguageSwitcher({ tone = 'light', className }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const { lang, setLang } = useApp();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cx(
        'inline-flex shrink-0 items-center rounded-lg p-0.5 text-xs font-semibold',
        tone === 'light' ? 'bg-slate-100 text-slate-600' : 'bg-white/10 text-white/80',
        className,
      )}
    >
      {LANGS.map((l) => {
        const active = l === lang;
        return (
          <button
            key={l}
            type="button"
            lang={l}
            aria-label={t(`language.${l}`)}
            aria-pressed={active}
            onClick={() => {
              if (!active) setLang(l);
            }}
            className={cx(
              'min-w-9 rounded-md px-2 py-1.5 transition-colors',
              active
                ? tone === 'light'
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'bg-white text-slate-900'
                : tone === 'light'
                  ? 'hover:text-slate-900'
                  : 'hover:text-white',
            )}
          >
            {t(`language.short.${l}`)}
          </button>
        );
      })}
    </div>
  );
}
