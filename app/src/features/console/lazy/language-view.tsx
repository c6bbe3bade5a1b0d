/**
 * layout/language (语言切换): choose 中文 or English with the header switcher's mechanism (useApp().setLang: i18next
 * in place, remembered in localStorage and the `lang` cookie the server renders with), and see what changes: the
 * menu titles, the console's texts, dates and the pages the server renders.
 */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { cx } from '@/components/ui/cx';
import { CheckIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { LANGS } from '@/lib/state';

const SAMPLE_MENUS = 6;

export default function LanguageView({ route }: MenuViewProps) {
  const { t } = useTranslation(['pieces', 'common']);
  const { lang, setLang } = useApp();
  const session = useSession();
  const samples = (session.menus?.list ?? []).filter((r) => !r.hidden && r.title.zh !== r.title.en).slice(0, SAMPLE_MENUS);
  const now = new Date();
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('pieces:language.description')}>
      <div className="grid max-w-3xl gap-4">
        <div role="radiogroup" aria-label={t('common:language.label')} className="grid gap-3 sm:grid-cols-2" data-testid="language-choices">
          {LANGS.map((l) => {
            const active = l === lang;
            return (
              <button
                key={l}
                type="button"
                role="radio"
                lang={l}
                aria-checked={active}
                onClick={() => {
                  if (!active) setLang(l);
                }}
                className={cx(
                  'flex items-center gap-3 rounded-xl bg-white p-4 text-left shadow-sm ring-1 transition-colors',
                  active ? 'ring-accent ring-2' : 'ring-slate-200 hover:ring-slate-300',
                )}
              >
                <span className={cx('flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold', active ? 'bg-accent text-white' : 'bg-slate-100 text-slate-600')}>
                  {t(`common:language.short.${l}`)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{t(`common:language.${l}`)}</span>
                  <span className="block text-xs text-slate-500">{t(`pieces:language.native.${l}`)}</span>
                </span>
                {active ? <CheckIcon className="text-accent size-5" /> : null}
              </button>
            );
          })}
        </div>
        <Panel title={t('pieces:language.changes')}>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="language-preview">
              <thead>
                <tr className="text-left text-xs text-slate-500">
                  <th className="px-4 py-2 font-medium">{t('pieces:language.what')}</th>
                  <th className="px-4 py-2 font-medium">{t('pieces:language.now')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {samples.map((r) => (
                  <tr key={r.name}>
                    <td className="px-4 py-2 text-slate-500">{t('pieces:language.menuTitle')}</td>
                    <td className="px-4 py-2 font-medium text-slate-900">{menuTitle(r, lang)}</td>
                  </tr>
                ))}
                <tr>
                  <td className="px-4 py-2 text-slate-500">{t('pieces:language.pageTitle')}</td>
                  <td className="px-4 py-2 font-medium text-slate-900" data-testid="language-page-title">{menuTitle(route, lang)}</td>
                </tr>
                <tr>
                  <td className="px-4 py-2 text-slate-500">{t('pieces:language.date')}</td>
                  <td className="px-4 py-2 font-medium text-slate-900 tabular-nums">{now.toLocaleDateString(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'full' })}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500">{t('pieces:language.kept')}</p>
        </Panel>
      </div>
    </ViewPage>
  );
}
