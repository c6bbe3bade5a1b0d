/**
 * The enterprise switcher in the console header (console-spec §4): the caller's memberships (toggleList), the current
 * one on the button. Choosing another switches (cut → user → enterprise list → every query invalidated); if the page
 * is not in the new enterprise's menu, the map is shown instead. Nothing renders on the server or for visitors.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { cx } from '@/components/ui/cx';
import { useMenu } from '@/components/ui/use-menu';
import { BuildingIcon, CheckIcon, ChevronDownIcon, SpinnerIcon } from '@/components/ui/icons';
import { notify } from '@/lib/feedback';
import { useHydrated } from '@/lib/local-store';
import { paths } from '@/lib/paths';
import { storedToken } from '@/lib/session';
import { guard } from '@/features/auth';
import { getMenu, menuQueryKey } from '@/lib/console/api/get-menu';
import { buildMenuRoutes } from '@/lib/console/menu-routes';
import { useSession } from '@/lib/console/session-context';
import { useSwitchEnterprise } from '../api/cut-enterprise';
import { useToggleList } from '../api/get-toggle-list';
import { currentEntry } from '../model';
import type { EnterpriseEntry } from '../types';

export function EnterpriseSwitcher() {
  const { t } = useTranslation('enterprise');
  const { token, hasToken, visitor, enterpriseId } = useSession();
  const hydrated = useHydrated();
  const enabled = hydrated && hasToken && !visitor;
  const list = useToggleList(token, enabled);
  const switcher = useSwitchEnterprise();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { open, setOpen, close, rootRef, buttonRef, listRef, menuId, onListKey } = useMenu();

  const entries = list.data ?? [];
  const current = currentEntry(entries, enterpriseId);

  if (!enabled || entries.length === 0) return null;

  const choose = async (entry: EnterpriseEntry) => {
    close(true);
    if (current?.value === entry.value || switcher.isPending) return;
    try {
      await switcher.mutateAsync(entry);
    } catch {
      return; // refused: the request layer said why, the old enterprise stays
    }
    notify.success({ text: t('switcher.switched', { name: entry.label }) });
    // stay on the page if the new enterprise's menu has it; otherwise go to the map
    const menu = await client
      .query({ queryKey: menuQueryKey(storedToken(), entry.value), queryFn: ({ signal }) => getMenu(entry.value, signal) })
      .catch(() => null);
    const result = guard({ pathname, search, hasToken: true, menus: buildMenuRoutes(menu ?? []) });
    if (result.kind === 'notFound') void navigate(paths.map);
  };

  const name = current?.label ?? t('switcher.none');
  return (
    <div ref={rootRef} className="relative" data-testid="enterprise-switcher">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('switcher.label', { name })}
        title={t('switcher.label', { name })}
        disabled={switcher.isPending}
        onClick={() => {
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="flex h-9 max-w-56 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-60 sm:gap-1.5"
      >
        {switcher.isPending ? <SpinnerIcon className="size-4 shrink-0 animate-spin" /> : <BuildingIcon className="size-4 shrink-0 text-slate-500" />}
        {/* phones: the icon alone (the name is in the list and in the button's accessible name) */}
        <span className="sr-only sm:not-sr-only sm:truncate" data-testid="current-enterprise">
          {name}
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-slate-400" />
      </button>
      {open ? (
        <div className="fixed inset-x-3 top-14 z-40 md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-1.5 md:w-80">
          <div className="overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-slate-200">
            <p className="border-b border-slate-100 px-3 py-2 text-xs font-medium text-slate-500">{t('switcher.heading')}</p>
            <ul ref={listRef} id={menuId} role="menu" aria-label={t('switcher.heading')} className="max-h-80 overflow-y-auto py-1" onKeyDown={onListKey}>
              {entries.map((entry) => {
                const checked = entry.value === current?.value;
                return (
                  <li key={entry.value} role="none">
                    <button
                      type="button"
                      role="menuitemradio"
                      aria-checked={checked}
                      tabIndex={-1}
                      onClick={() => void choose(entry)}
                      className={cx(
                        'flex w-full items-center gap-2 px-3 py-2 text-left text-sm outline-none hover:bg-slate-50 focus:bg-slate-100',
                        checked ? 'font-semibold text-slate-900' : 'text-slate-700',
                      )}
                    >
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600" aria-hidden="true">
                        {entry.label.slice(0, 1)}
                      </span>
                      <span className="min-w-0 flex-1 truncate">{entry.label}</span>
                      {checked ? <CheckIcon className="text-accent size-4 shrink-0" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}
