/**
 * superAdmin/icon (图标): every icon the console draws for a menu `icon` name (menu-icons.ts), with the seeded names
 * each one draws (click to copy, for the menu editor) and the caller's menu entries that use it; search by name.
 */
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { TextInput } from '@/components/ui/fields';
import { EmptyState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { menuTitle, type MenuRoute } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useSession } from '@/lib/console/session-context';
import { menuTarget } from '../menu-browse';
import { MENU_ICON_KINDS, menuIconKind, SEEDED_ICON_NAMES, type MenuIconKind } from '../menu-icons';

interface Entry {
  kind: MenuIconKind;
  names: string[];
  users: MenuRoute[];
}

async function copy(name: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(name);
    notify.success({ text: done });
  } catch {
    notify.error({ text: failed });
  }
}

export default function IconView({ route }: MenuViewProps) {
  const { t } = useTranslation('pieces');
  const { lang } = useApp();
  const session = useSession();
  const [query, setQuery] = useState('');
  const menus = session.menus?.list ?? [];
  const entries: Entry[] = MENU_ICON_KINDS.map((kind) => {
    const used = menus.filter((r) => r.icon !== '' && menuIconKind(r.icon) === kind);
    const names = [...new Set([...SEEDED_ICON_NAMES.filter((n) => menuIconKind(n) === kind), ...used.map((r) => r.icon)])].sort();
    return { kind, names, users: used };
  });
  const q = query.trim().toLowerCase();
  const shown = q === '' ? entries : entries.filter((e) => e.kind.id.includes(q) || e.names.some((n) => n.includes(q)) || e.users.some((r) => menuTitle(r, lang).toLowerCase().includes(q)));
  return (
    <ViewPage title={menuTitle(route, lang)} description={t('icons.description')}>
      <Panel className="p-3">
        <TextInput
          type="search"
          value={query}
          aria-label={t('icons.search')}
          placeholder={t('icons.search')}
          className="max-w-sm"
          onChange={(e) => {
            setQuery(e.target.value);
          }}
        />
      </Panel>
      {shown.length === 0 ? (
        <Panel>
          <EmptyState title={t('icons.noMatch', { query: query.trim() })} />
        </Panel>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="icon-gallery">
          {shown.map(({ kind, names, users }) => (
            <li key={kind.id} className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-icon={kind.id}>
              <div className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-xl bg-slate-100 text-slate-700">{createElement(kind.icon, { className: 'size-7' })}</span>
                <div className="min-w-0">
                  <h3 className="font-mono text-sm font-semibold text-slate-900">{kind.id}</h3>
                  <p className="text-xs text-slate-500">{kind.pattern ? t('icons.names', { count: names.length }) : t('icons.fallback')}</p>
                </div>
              </div>
              {names.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5">
                  {names.map((n) => (
                    <li key={n}>
                      <button
                        type="button"
                        title={t('icons.copy', { name: n })}
                        aria-label={t('icons.copy', { name: n })}
                        className="rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"
                        onClick={() => void copy(n, t('icons.copied', { name: n }), t('icons.copyFailed'))}
                      >
                        {n}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="text-xs text-slate-600">
                <span className="font-medium text-slate-500">{t('icons.usedBy', { count: users.length })}</span>{' '}
                {users.length === 0
                  ? t('icons.unused')
                  : users.map((r, i) => {
                      const to = menuTarget(r);
                      return (
                        <span key={r.name}>
                          {i > 0 ? '、' : null}
                          {to ? (
                            <Link to={to} className="text-accent hover:underline">
                              {menuTitle(r, lang)}
                            </Link>
                          ) : (
                            menuTitle(r, lang)
                          )}
                        </span>
                      );
                    })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </ViewPage>
  );
}
